import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Transcript } from './Transcript';
import { sampleSegments } from './segments.fixture';

const meta = {
  title: 'Display/Transcript',
  component: Transcript,
  args: { segments: sampleSegments, onSeek: fn(), maxHeight: '360px' },
  decorators: [(Story) => <div style={{ padding: '24px', maxWidth: '720px' }}>{Story()}</div>],
} satisfies Meta<typeof Transcript>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const region = canvas.getByRole('region', { name: 'Transcript' });
    await expect(region).toHaveTextContent('[00:13]');
    await userEvent.click(canvas.getByRole('button', { name: /First, upload an audio file/ }));
    await expect(args.onSeek).toHaveBeenCalledWith(13);
  },
};

export const Playing: Story = {
  args: { currentTime: 40 },
  play: async ({ canvas }) => {
    const active = canvas.getByRole('button', { current: true });
    await expect(active).toHaveTextContent('Click a line to jump the player');
    const region = canvas.getByRole('region', { name: 'Transcript' });
    await waitFor(() => expect(region.scrollTop).toBeGreaterThan(0));
  },
};

export const WordLevel: Story = {
  args: { currentTime: 20.5, showWords: true },
  play: async ({ canvasElement }) => {
    const activeWords = canvasElement.querySelectorAll('[data-active="true"]');
    await expect(activeWords).toHaveLength(1);
    await expect(activeWords[0]).toHaveTextContent('job');
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Transcript' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { segments: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No speech was found in this audio.')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    segments: [
      {
        start: 3725,
        end: 3790,
        text: 'This is a single long segment from more than an hour into a recording, with a very long URL https://example.com/a/really/long/path/that/has/no/spaces/at/all/and/must/wrap/inside/the/transcript so wrapping is tested.',
      },
    ],
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { DemoScreen } from './DemoScreen';
import jfk from './jfk-transcript.json';

const meta = {
  title: 'Public/Demo',
  component: DemoScreen,
  args: { transcript: jfk, audioSrc: jfk.audio },
} satisfies Meta<typeof DemoScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Hear it, then read it' }),
    ).toBeVisible();
    await expect(canvas.getByText('0:00 / 0:11')).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Sign up and open the playground' }),
    ).toHaveAttribute('href', '/register');
    const segment = canvas.getByRole('button', { name: /ask what you can do for your country/ });
    await userEvent.click(segment);
    await waitFor(() => expect(segment).toHaveAttribute('aria-current', 'true'));
  },
};

export const FollowingTheAudio: Story = {
  args: { initialTime: 9.2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('0:09 / 0:11')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: /ask what you can do for your country/ }),
    ).toHaveAttribute('aria-current', 'true');
  },
};

export const SegmentsOnly: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('switch', { name: 'Word timings' }));
    await expect(canvas.getByRole('switch', { name: 'Word timings' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  },
};

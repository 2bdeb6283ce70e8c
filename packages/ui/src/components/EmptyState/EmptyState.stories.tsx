import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { MicIcon } from '../../icons';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    title: 'No transcriptions yet',
    description:
      'Upload an audio file in the Playground or call the API to see your transcriptions here.',
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No transcriptions yet' })).toBeVisible();
  },
};

const onStart = fn();
export const WithAction: Story = {
  args: { icon: <MicIcon />, action: <Button onClick={onStart}>Open the Playground</Button> },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open the Playground' }));
    await expect(onStart).toHaveBeenCalledTimes(1);
  },
};

export const TitleOnly: Story = { args: { description: undefined } };

export const LongText: Story = {
  args: {
    title: 'Nothing matches the filters you picked for this search across all of your files',
    description:
      'Try removing the status filter, widening the date range, or searching for a shorter part of the file name. Transcriptions older than thirty days are removed automatically and cannot be found.',
  },
};

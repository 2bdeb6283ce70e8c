import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Button } from '../Button';
import { Alert } from './Alert';

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  decorators: [framed],
  args: { variant: 'info', children: 'Spending data refreshes every hour.' },
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Spending data refreshes every hour.',
    );
  },
};

export const Success: Story = {
  args: {
    variant: 'success',
    title: 'Payment received',
    children: '50 USD of credits were added.',
  },
};

export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Low balance',
    children: 'You have 2.40 USD of credits left.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Low balance');
  },
};

export const DangerWithAction: Story = {
  args: {
    variant: 'danger',
    title: 'Failed to load billing info',
    children: 'The server did not answer.',
    action: (
      <Button size="sm" variant="secondary" onClick={fn()}>
        Retry
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load billing info');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

export const Dismissible: Story = {
  args: { variant: 'success', children: 'Your key was renamed.', onDismiss: fn() },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    variant: 'warning',
    title: 'Transcriptions are slower than usual',
    children:
      'We are processing a large backlog after a regional outage. Jobs are queued safely and will complete, but files longer than one hour may take up to forty minutes. You are not charged for failed jobs.',
    onDismiss: fn(),
  },
};

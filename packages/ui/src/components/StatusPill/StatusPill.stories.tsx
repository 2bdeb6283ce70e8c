import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StatusPill } from './StatusPill';

const meta = {
  title: 'Display/StatusPill',
  component: StatusPill,
  args: { status: 'queued' },
  decorators: [(Story) => <div style={{ padding: '24px' }}>{Story()}</div>],
} satisfies Meta<typeof StatusPill>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Queued: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Queued')).toBeVisible();
  },
};
export const Processing: Story = {
  args: { status: 'processing', percent: 42 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Processing 42%')).toBeVisible();
  },
};
export const Completed: Story = { args: { status: 'completed' } };
export const ErrorStatus: Story = { args: { status: 'error' } };
export const UnknownStatus: Story = {
  args: { status: 'CANCELLED' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cancelled')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from './Avatar';

const meta = {
  title: 'Display/Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace' },
  decorators: [(Story) => <div style={{ padding: '24px' }}>{Story()}</div>],
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '12px', alignItems: 'center' }}>
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
    </div>
  ),
};

export const BrokenImageFallsBack: Story = {
  args: { src: '/does-not-exist.png', name: 'Grace Hopper' },
  // The fallback waits for the image request to fail: timing a snapshot cannot pin down.
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH'),
    );
  },
};

export const EmailOnly: Story = { args: { name: 'dev@parlance.dev' } };

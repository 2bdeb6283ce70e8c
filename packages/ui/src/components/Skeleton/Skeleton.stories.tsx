import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Display/Skeleton',
  component: Skeleton,
  decorators: [(Story) => <div style={{ padding: '24px', maxWidth: '420px' }}>{Story()}</div>],
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {};
export const Shapes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '16px', alignItems: 'center' }}>
      <Skeleton shape="circle" height="48px" />
      <div style={{ flex: 1, display: 'grid', gap: '8px' }}>
        <Skeleton width="60%" />
        <Skeleton />
        <Skeleton shape="rect" height="96px" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const blocks = canvasElement.querySelectorAll('[data-skeleton]');
    await expect(blocks).toHaveLength(4);
    for (const block of blocks) await expect(block).toHaveAttribute('aria-hidden', 'true');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge, type BadgeTone } from './Badge';

const meta = {
  title: 'Display/Badge',
  component: Badge,
  args: { children: 'Beta' },
  decorators: [(Story) => <div style={{ padding: '24px' }}>{Story()}</div>],
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

const tones: BadgeTone[] = ['neutral', 'primary', 'success', 'warning', 'danger', 'info'];

export const Tones: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '8px' }}>
      {tones.map((tone) => (
        <Badge key={tone} {...args} tone={tone} dot>
          {tone}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const tone of tones) await expect(canvas.getByText(tone)).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    children: 'whisper-large-v3 with word-level timestamps enabled',
    style: { maxWidth: '200px' },
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ClockIcon } from '../../icons';
import { StatCard } from './StatCard';

const meta = {
  title: 'Display/StatCard',
  component: StatCard,
  args: {
    label: 'Total usage',
    value: '1,284 min',
    change: '+12.5% from last month',
    trend: 'up',
    icon: <ClockIcon />,
  },
  decorators: [(Story) => <div style={{ padding: '24px', maxWidth: '320px' }}>{Story()}</div>],
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TrendUp: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Total usage' });
    await expect(card).toHaveTextContent('1,284 min');
    await expect(card).toHaveTextContent('Up: +12.5% from last month');
  },
};
export const TrendDown: Story = {
  args: { label: 'Files transcribed', value: '86', change: '-4 from last month', trend: 'down' },
};
export const Neutral: Story = {
  args: { label: 'Total cost', value: '$42.18', change: 'This billing period', trend: 'neutral' },
};
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Total usage' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByText('1,284 min')).not.toBeInTheDocument();
  },
};
export const ErrorState: Story = {
  args: { error: 'Failed to load stats' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load stats');
  },
};
export const LongText: Story = {
  args: {
    label: 'Minutes transcribed across every API key this month',
    value: '1,234,567,890 min',
    change: '+1,024% compared with the same period of the previous year',
  },
};

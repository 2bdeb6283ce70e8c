import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { formatUsd } from '@parlance/contract/money';
import { dailySpending } from './fixtures';
import { SpendingChart } from './SpendingChart';

const meta = {
  title: 'Charts/SpendingChart',
  component: SpendingChart,
  args: { data: dailySpending(30), formatCost: formatUsd },
  decorators: [(Story) => <div style={{ padding: '24px', maxWidth: '720px' }}>{Story()}</div>],
} satisfies Meta<typeof SpendingChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ThirtyDays: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'Daily spending' })).toBeVisible();
    await expect(canvas.getByText('Nov 30')).toBeVisible();
    const bars = canvasElement.querySelectorAll('path[role="presentation"]');
    await expect(bars).toHaveLength(30);
    await userEvent.hover(bars[29]!);
    await waitFor(() =>
      expect(canvas.getByText(/^Nov 30: \$[\d.]+ · \d+ min$/)).toBeInTheDocument(),
    );
  },
};

export const SevenDays: Story = { args: { data: dailySpending(7) } };
export const NinetyDays: Story = { args: { data: dailySpending(90) } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Daily spending: loading' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { data: [], emptyMessage: 'No spending in the last 30 days.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No spending in the last 30 days.')).toBeVisible();
  },
};

export const ErrorState: Story = {
  args: { error: 'Failed to load spending data', onRetry: fn() },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

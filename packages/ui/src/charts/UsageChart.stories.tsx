import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { CHART_SIZE } from './chartStyles';
import { sixMonthsUsage } from './fixtures';
import { UsageChart } from './UsageChart';

const meta = {
  title: 'Charts/UsageChart',
  component: UsageChart,
  args: { data: sixMonthsUsage },
  decorators: [(Story) => <div style={{ padding: '24px', maxWidth: '720px' }}>{Story()}</div>],
} satisfies Meta<typeof UsageChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The height of the chart's place (inside the decorator's padding). */
const placeHeight = (canvasElement: HTMLElement) =>
  canvasElement.firstElementChild?.firstElementChild?.getBoundingClientRect().height;

export const Bar: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'Usage by month' })).toBeVisible();
    await expect(canvas.getByText('Month')).toBeVisible();
    await expect(canvas.getByText('Minutes')).toBeVisible();
    const bars = canvasElement.querySelectorAll('path[role="presentation"]');
    await expect(bars).toHaveLength(6);
    await userEvent.hover(bars[5]!);
    await waitFor(() => expect(canvas.getByText('Nov: 1,284 min')).toBeInTheDocument());
  },
};

export const Area: Story = {
  args: { variant: 'area' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Usage by month' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Usage by month: loading' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Nothing to chart')).toBeVisible();
    // The chart's height, as while it loaded: nothing below moves.
    await expect(placeHeight(canvasElement)).toBe(CHART_SIZE.height);
  },
};

export const ErrorState: Story = {
  args: { error: 'Failed to load chart data', onRetry: fn() },
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load chart data');
    await expect(placeHeight(canvasElement)).toBe(CHART_SIZE.height);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

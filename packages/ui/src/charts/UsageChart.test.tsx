import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { darkTheme } from '../theme';
import { renderWithTheme } from '../test/render';
import { sixMonthsUsage } from './fixtures';
import { UsageChart } from './UsageChart';

describe('UsageChart', () => {
  it('draws one bar per month in the theme colour, with axis labels and a summary', () => {
    const { container } = renderWithTheme(<UsageChart data={sixMonthsUsage} />, {
      theme: darkTheme,
    });
    const bars = container.querySelectorAll('path[role="presentation"]');
    expect(bars).toHaveLength(6);
    expect(bars[0]).toHaveStyle({ fill: darkTheme.color.chart[0] });
    expect(screen.getByText('Month')).toBeInTheDocument();
    expect(screen.getByText('Minutes')).toBeInTheDocument();
    expect(container.querySelector('desc')).toHaveTextContent('Jun: 320 min, Jul: 410 min');
    expect(screen.getByText('Jun')).toBeInTheDocument();
  });

  it('labels the value axis in whole, even steps up past the tallest bar', () => {
    const { container } = renderWithTheme(
      <UsageChart
        data={[
          { name: 'Oct', usage: 1.5 },
          { name: 'Nov', usage: 4.6 },
        ]}
      />,
    );
    const ticks = [...container.querySelectorAll('text')]
      .map((t) => t.textContent)
      .filter((t) => /^\d+$/.test(t ?? ''));
    expect(ticks).toEqual(['0', '2', '4', '6']);
  });

  it('renders loading, empty and error states instead of the chart', () => {
    const { rerender, container } = renderWithTheme(<UsageChart data={sixMonthsUsage} loading />);
    expect(container.querySelector('svg[role="img"]')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    rerender(<UsageChart data={[]} />);
    expect(screen.getByText('Nothing to chart')).toBeInTheDocument();
    // Months of zeros are nothing to chart too: no axis of "0 0 0 0".
    rerender(<UsageChart data={sixMonthsUsage.map((m) => ({ ...m, usage: 0 }))} />);
    expect(screen.getByText('Nothing to chart')).toBeInTheDocument();
    rerender(<UsageChart data={sixMonthsUsage} error="Failed to load chart data" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load chart data');
  });
});

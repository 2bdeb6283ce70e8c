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

  it('renders loading, empty and error states instead of the chart', () => {
    const { rerender, container } = renderWithTheme(<UsageChart data={sixMonthsUsage} loading />);
    expect(container.querySelector('svg[role="img"]')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    rerender(<UsageChart data={[]} />);
    expect(screen.getByText('Nothing to chart')).toBeInTheDocument();
    rerender(<UsageChart data={sixMonthsUsage} error="Failed to load chart data" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load chart data');
  });
});

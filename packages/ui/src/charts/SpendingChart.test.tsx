import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../test/render';
import { dailySpending } from './fixtures';
import { SpendingChart } from './SpendingChart';

describe('SpendingChart', () => {
  it('draws a bar per day with readable, thinned date ticks and a total in its description', () => {
    const data = dailySpending(30);
    const { container } = renderWithTheme(
      <SpendingChart data={data} formatCost={(micros) => `${micros} µ$`} />,
    );
    expect(container.querySelectorAll('path[role="presentation"]')).toHaveLength(30);
    expect(screen.getByText('Nov 30')).toBeInTheDocument();
    expect(screen.queryByText('2026-11-30')).not.toBeInTheDocument();
    expect(screen.queryByText('Nov 29')).not.toBeInTheDocument();
    const total = data.reduce((sum, d) => sum + d.costMicros, 0);
    expect(container.querySelector('desc')).toHaveTextContent(
      `${total} µ$ spent from Nov 1 to Nov 30`,
    );
  });

  it('days without spend are nothing to chart, not an axis of $0', () => {
    const days = ['2026-11-01', '2026-11-02'].map((date) => ({ date, costMicros: 0, minutes: 0 }));
    renderWithTheme(<SpendingChart data={days} formatCost={String} />);
    expect(screen.getByText('Nothing to chart')).toBeInTheDocument();
    expect(screen.queryByText('$0')).toBeNull();
  });

  it('shows the error with a retry', () => {
    renderWithTheme(
      <SpendingChart data={[]} formatCost={String} error="Failed to load spending data" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load spending data');
  });
});

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

  it('shows the error with a retry', () => {
    renderWithTheme(
      <SpendingChart data={[]} formatCost={String} error="Failed to load spending data" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load spending data');
  });
});

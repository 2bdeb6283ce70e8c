import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '../../theme';
import { renderWithTheme } from '../../test/render';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('shows label, value and the change coloured by trend', () => {
    renderWithTheme(<StatCard label="Total usage" value="12 min" change="+3%" trend="up" />);
    const card = screen.getByRole('region', { name: 'Total usage' });
    expect(card).toHaveTextContent('12 min');
    expect(card).toHaveTextContent('Up: +3%');
    expect(screen.getByText('+3%').closest('p')).toHaveStyle({ color: lightTheme.color.success });
  });

  it('uses the danger colour for a downward trend', () => {
    renderWithTheme(<StatCard label="Files" value="3" change="-1" trend="down" />);
    expect(screen.getByText('-1').closest('p')).toHaveStyle({ color: lightTheme.color.textDanger });
  });

  it('hides the value while loading and marks the card busy', () => {
    renderWithTheme(<StatCard label="Total usage" value="12 min" loading />);
    expect(screen.getByRole('region', { name: 'Total usage' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('12 min')).not.toBeInTheDocument();
  });

  it('shows the error instead of the value', () => {
    renderWithTheme(<StatCard label="Total usage" value="12 min" error="Failed to load stats" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load stats');
    expect(screen.queryByText('12 min')).not.toBeInTheDocument();
  });
});

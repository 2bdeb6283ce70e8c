import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('announces the message and calls onRetry', () => {
    const onRetry = vi.fn();
    renderWithTheme(<ErrorState message="Failed to load stats" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load stats');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no button without onRetry', () => {
    renderWithTheme(<ErrorState message="Gone" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows title, description and action', () => {
    renderWithTheme(
      <EmptyState
        title="No keys"
        description="Create one"
        action={<button type="button">New key</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No keys' })).toBeInTheDocument();
    expect(screen.getByText('Create one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New key' })).toBeInTheDocument();
  });
});

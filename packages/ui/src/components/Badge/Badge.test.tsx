import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { darkTheme } from '../../theme';
import { renderWithTheme } from '../../test/render';
import { Badge } from './Badge';

describe('Badge', () => {
  it('shows its label and a decorative dot', () => {
    const { container } = renderWithTheme(
      <Badge tone="success" dot>
        Live
      </Badge>,
    );
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('takes its colours from the theme', () => {
    renderWithTheme(<Badge tone="primary">New</Badge>, { theme: darkTheme });
    expect(screen.getByText('New')).toHaveStyle({ color: darkTheme.color.primarySubtleText });
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import {
  sampleFooterColumns,
  sampleHeaderHrefs,
  sampleHeaderLinks,
} from '../../test/sampleNavigation';
import { PublicLayout } from './PublicLayout';

describe('PublicLayout', () => {
  it('renders header, main with the page, and footer', () => {
    renderWithTheme(
      <PublicLayout
        links={sampleHeaderLinks}
        hrefs={sampleHeaderHrefs}
        footerColumns={sampleFooterColumns}
        transitionKey="/pricing"
        currentPath="/pricing"
        footerYear={2026}
      >
        <h1>Pricing</h1>
      </PublicLayout>,
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Pricing' }),
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2026 Parlance');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });
});

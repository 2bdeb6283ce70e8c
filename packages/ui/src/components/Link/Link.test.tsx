import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkComponent } from './Link';
import { renderWithTheme } from '../../test/render';
import { Link } from './Link';

describe('Link', () => {
  it('renders a plain anchor by default', () => {
    renderWithTheme(<Link href="/pricing">Pricing</Link>);
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link.tagName).toBe('A');
    expect(link).not.toHaveAttribute('target');
  });

  it('renders through linkComponent with the href and styling props', async () => {
    const go = vi.fn();
    const RouterLink: LinkComponent = ({ href, ...rest }) => (
      <a
        {...rest}
        href={href}
        data-router="yes"
        onClick={(event) => {
          event.preventDefault();
          go(href);
        }}
      />
    );
    renderWithTheme(
      <Link href="/dashboard" linkComponent={RouterLink} className="extra">
        Dashboard
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('data-router', 'yes');
    expect(link.className).toContain('extra');
    await userEvent.click(link);
    expect(go).toHaveBeenCalledWith('/dashboard');
  });

  it('opens external links safely in a new tab', () => {
    renderWithTheme(
      <Link href="https://example.com" external>
        Docs
      </Link>,
    );
    const link = screen.getByRole('link', { name: /^Docs\s*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

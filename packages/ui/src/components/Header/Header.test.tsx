import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { sampleHeaderHrefs, sampleHeaderLinks } from '../../test/sampleNavigation';
import { Header } from './Header';
import { HEADER_SOLID_SCROLL_THRESHOLD } from './navigation';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => scrollTo(0));

const navigation = { links: sampleHeaderLinks, hrefs: sampleHeaderHrefs };

describe('Header', () => {
  it('turns solid only after scrolling more than the threshold', () => {
    const { container } = renderWithTheme(<Header {...navigation} />);
    const header = container.querySelector('header')!;
    expect(header).toHaveAttribute('data-solid', 'false');
    scrollTo(HEADER_SOLID_SCROLL_THRESHOLD);
    expect(header).toHaveAttribute('data-solid', 'false');
    scrollTo(HEADER_SOLID_SCROLL_THRESHOLD + 1);
    expect(header).toHaveAttribute('data-solid', 'true');
  });

  it('shows sign-in actions when signed out and dashboard actions when signed in', () => {
    const onLogout = vi.fn();
    const { rerender } = renderWithTheme(<Header {...navigation} onLogout={onLogout} />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Features', 'Pricing', 'Docs', 'Blog']);
    expect(screen.getAllByRole('link', { name: 'Sign In', hidden: true })[0]).toHaveAttribute(
      'href',
      '/login',
    );
    rerender(<Header {...navigation} signedIn onLogout={onLogout} />);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Log Out' })[0]!);
    expect(onLogout).toHaveBeenCalledOnce();
  });

  // jsdom applies no media queries, so the mobile-only button counts as hidden here; the
  // MobileMenu story checks the same flow at a real mobile width.
  it('opens the mobile menu, mirroring links and actions, and closes it with Escape', () => {
    renderWithTheme(<Header {...navigation} />);
    const button = screen.getByLabelText('Menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('Docs')).toHaveAttribute('href', '/docs');
    expect(within(panel).getByText('Get Started Free')).toHaveAttribute('href', '/register');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});

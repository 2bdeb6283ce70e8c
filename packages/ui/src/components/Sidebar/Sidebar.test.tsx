import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { darkTheme, lightTheme, type Theme } from '../../theme';
import { Sidebar } from './Sidebar';
import { isActivePath } from './isActivePath';
import { sampleDashboardNavigation } from '../../test/sampleNavigation';

describe('isActivePath', () => {
  it('matches the path and its children only', () => {
    expect(isActivePath('/dashboard/usage', '/dashboard/usage')).toBe(true);
    expect(isActivePath('/dashboard/usage', '/dashboard/usage/2026-11')).toBe(true);
    expect(isActivePath('/dashboard/usage', '/dashboard/usage-old')).toBe(false);
    expect(isActivePath('/dashboard/usage', undefined)).toBe(false);
  });
});

describe('Sidebar', () => {
  it('lists its items in order, in their groups, with paths', () => {
    renderWithTheme(<Sidebar {...sampleDashboardNavigation} activePath="/dashboard/billing" />);
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const [main, account] = within(nav).getAllByRole('list');
    expect(
      within(main!)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/dashboard/overview',
      '/dashboard/usage',
      '/dashboard/billing',
      '/dashboard/history',
      '/dashboard/api-keys',
      '/dashboard/playground',
    ]);
    expect(
      within(account!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Account', 'Support']);
    expect(within(nav).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((a) => a.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('draws the divider between the groups in the current theme after a theme switch', () => {
    const themed = (theme: Theme) => (
      <ThemeProvider theme={theme}>
        <Sidebar {...sampleDashboardNavigation} />
      </ThemeProvider>
    );
    const { rerender } = render(themed(lightTheme));
    rerender(themed(darkTheme));
    rerender(themed(lightTheme));
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const [main, account] = within(nav).getAllByRole('list');
    // The light border colour in the form getComputedStyle reports colours.
    const probe = document.createElement('div');
    probe.style.borderTopColor = lightTheme.color.border;
    document.body.append(probe);
    expect(getComputedStyle(main!).borderTopStyle).toBe('none');
    expect(getComputedStyle(account!).borderTopStyle).toBe('solid');
    expect(getComputedStyle(account!).borderTopColor).toBe(getComputedStyle(probe).borderTopColor);
    probe.remove();
  });

  it('toggles the mobile drawer and closes it with Escape', () => {
    renderWithTheme(<Sidebar {...sampleDashboardNavigation} />);
    const toggle = screen.getByLabelText('Dashboard menu');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

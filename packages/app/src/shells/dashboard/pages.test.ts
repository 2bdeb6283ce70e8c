import { describe, expect, it } from 'vitest';
import { paths } from '../../paths';
import { dashboardNavigation, dashboardPages } from './pages';

describe('the dashboard pages', () => {
  it('give the sidebar the spec’s items, in its order and groups', () => {
    expect(
      dashboardNavigation.groups.map((group) => group.map(({ label, href }) => [label, href])),
    ).toEqual([
      [
        ['Overview', '/dashboard/overview'],
        ['Usage', '/dashboard/usage'],
        ['Billing', '/dashboard/billing'],
        ['History', '/dashboard/history'],
        ['API Keys', '/dashboard/api-keys'],
        ['Playground', '/dashboard/playground'],
      ],
      [
        ['Account', '/dashboard/account'],
        ['Support', '/dashboard/support'],
      ],
    ]);
    expect(dashboardNavigation.homeHref).toBe('/dashboard/overview');
  });

  it('are every dashboard path but the root, once each, each with a title', () => {
    const { root, ...pages } = paths.dashboard;
    expect(root.path).toBe('/dashboard');
    expect(dashboardPages.map(({ path }) => path).sort()).toEqual(
      Object.values(pages)
        .map(({ path }) => path)
        .sort(),
    );
    const titles = dashboardPages.map(({ title }) => title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

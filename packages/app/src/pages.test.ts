import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { dashboardPageList } from './pages';
import { dashboardNavigation } from './shells/dashboard/shell/navigation';
import { pageModule } from './pageModules';

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

  it('each have a path of their own and a title of their own', () => {
    for (const key of ['path', 'title'] as const) {
      const values = dashboardPageList.map((page) => page[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it('each name a module that exists and renders a page', async () => {
    for (const { module } of dashboardPageList)
      expect(typeof (await pageModule(module)()).Component, module).toBe('function');
    expect(() => pageModule('features/usage/components/Nowhere')).toThrow('no page module');
  });

  it('give links, a parameter filled in and encoded', () => {
    expect(paths.dashboard.root.path).toBe('/dashboard');
    expect(paths.dashboard.usage.getHref()).toBe('/dashboard/usage');
    expect(paths.dashboard.transcript.path).toBe('/dashboard/history/:id');
    expect(paths.dashboard.transcript.getHref('a/b c')).toBe('/dashboard/history/a%2Fb%20c');
    expect(paths.dashboard.receipt.getHref('pay_1')).toBe('/dashboard/billing/receipts/pay_1');
    expect(paths.blogPost.getHref('why?')).toBe('/blog/why%3F');
  });
});

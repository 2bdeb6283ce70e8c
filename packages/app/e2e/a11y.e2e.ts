/**
 * Accessibility: axe-core on every route, signed out and signed in; serious and critical
 * violations fail. Run on the embedded-storage product only: the markup does not depend on the
 * storage backend.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { expectAppRendered, productOn, expectVisible, launchedPerFile } from './journey';
import { sessionHeaders, signedInContext } from './session';
import { jfkWav, submitAudio } from './transcripts';

const browser = launchedPerFile();
const product = productOn('pglite');
const { url } = product;

const publicRoutes = [
  '/',
  '/features',
  '/pricing',
  '/demo',
  '/blog',
  '/contact',
  '/docs',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/some-token',
  '/no-such-page',
];

const dashboardRoutes = [
  '/',
  '/dashboard/overview',
  '/dashboard/usage',
  '/dashboard/billing',
  '/dashboard/history',
  '/dashboard/api-keys',
  '/dashboard/playground',
  '/dashboard/settings',
  '/dashboard/account',
  '/dashboard/support',
];

/** Serious and critical violations on the page at `path`, once its heading has rendered. */
async function violations(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(path);
    await expectAppRendered(page);
    await expectVisible(page.getByRole('heading', { level: 1 }).first());
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  } finally {
    await page.close();
  }
}

describe(`accessibility on ${product.backend}`, () => {
  describe('signed out', () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newContext(browser(), url);
    });
    afterAll(() => context.close());

    it.each(publicRoutes)('%s has no serious or critical violations', async (path) => {
      expect(await violations(context, path)).toEqual([]);
    });
  });

  describe('signed in', () => {
    let context: BrowserContext;
    let token = '';
    beforeAll(async () => {
      ({ context, token } = await signedInContext(browser(), url, 'a11y'));
    });
    afterAll(() => context.close());

    it.each(dashboardRoutes)('%s has no serious or critical violations', async (path) => {
      expect(await violations(context, path)).toEqual([]);
    });

    it('a transcript page has no serious or critical violations', async () => {
      const submitted = await submitAudio(url, sessionHeaders(url, token), jfkWav);
      expect(submitted.status).toBe(202);
      const { id } = (await submitted.json()) as { id: string };
      expect(await violations(context, `/dashboard/history/${id}`)).toEqual([]);
    });
  });
});

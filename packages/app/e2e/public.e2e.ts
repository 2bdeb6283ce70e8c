/**
 * Journey 10: the not-found page, the mobile menu at phone width, the header after scrolling, the
 * prerendered home page, and the session check public pages skip when the browser has no session.
 * Run on the embedded-storage product only: none of it depends on the storage backend (the auth
 * journeys sign in and out on both).
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { newContext, phone } from './browser';
import {
  productOn,
  expectAppRendered,
  expectPath,
  expectText,
  expectVisible,
  launchedPerFile,
} from './journey';
import { sessionHeaders, signedInContext } from './session';
import { PRERENDERED_ATTRIBUTE } from '../src/prerendered';

const browser = launchedPerFile();
const { url } = productOn('pglite');

/** The header's computed background colour as [r, g, b, alpha]. */
async function headerBackground(page: Page): Promise<number[]> {
  const color = await page
    .getByRole('banner')
    .evaluate((header) => getComputedStyle(header).backgroundColor);
  const parts = (/rgba?\(([^)]+)\)/.exec(color)?.[1] ?? '')
    .split(/[,\s/]+/)
    .filter(Boolean)
    .map(Number);
  return parts.length === 3 ? [...parts, 1] : parts;
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

describe('public site', () => {
  it.each(['/no-such-page', '/status'])('shows the not-found page at %s', async (path) => {
    const context = await newContext(browser(), url);
    const page = await context.newPage();
    // The server knows the build's pages: a crawler or a monitor sees the 404 too.
    expect((await page.goto(path))?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { name: 'Unexpected Application Error!' }));
    await expectText(page.getByRole('main'), '404 Not Found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expectPath(page, '/');
    expect((await page.goto('/blog/how-we-measure-accuracy'))?.status()).toBe(200);
    await context.close();
  });

  it('opens the mobile menu at phone width and navigates from it', async () => {
    const context = await newContext(browser(), url, phone);
    const page = await context.newPage();
    await page.goto('/');
    await expectAppRendered(page);
    const header = page.getByRole('banner');
    const pricing = header.getByRole('link', { name: 'Pricing' });
    expect(await pricing.isVisible()).toBe(false);

    const toggle = header.getByRole('button', { name: /menu/i });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Features', 'Pricing', 'Docs', 'Blog', 'Sign In', 'Get Started Free']) {
      await expectVisible(header.getByRole('link', { name, exact: true }));
    }
    await pricing.click();
    await expectPath(page, '/pricing');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('turns the header solid once the page is scrolled more than 10px', async () => {
    const context = await newContext(browser(), url);
    const page = await context.newPage();
    await page.goto('/');
    await expectAppRendered(page);
    const atTop = await headerBackground(page);
    expect(atTop[3]).toBeLessThan(1);

    await scrollTo(page, 10);
    expect(await headerBackground(page)).toEqual(atTop);

    await scrollTo(page, 200);
    await expect.poll(async () => (await headerBackground(page))[3], { timeout: 5_000 }).toBe(1);
    await scrollTo(page, 0);
    await expect
      .poll(async () => (await headerBackground(page))[3], { timeout: 5_000 })
      .toBeLessThan(1);
    await context.close();
  });

  it('paints the home page before its code runs; the app then renders the same page in its place', async () => {
    const context = await newContext(browser(), url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const heading = page.getByRole('heading', {
      level: 1,
      name: 'Speech to text that developers trust',
    });
    // No script runs: the server's page, its code samples with this server's address.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    await expectVisible(heading);
    const prerendered = await page.locator('#root').innerText();
    expect(prerendered).toContain(`curl ${url}/`);
    expect(await page.locator(`#root > [${PRERENDERED_ATTRIBUTE}]`).count()).toBe(1);
    // Under a dark preference it stays hidden (it is styled light) until the app renders.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => heading.isVisible()).toBe(false);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.unrouteAll();
    errors.length = 0;

    await page.goto('/');
    await expectAppRendered(page);
    await expectVisible(heading);
    expect(await page.locator('#root').innerText()).toBe(prerendered);
    expect(errors).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectVisible(heading);
    await context.close();
  });

  it('calls the current-user API only when the browser may hold a session: without one, no call and no console error', async () => {
    /** The page's current-user calls (their statuses) and console errors while it is open. */
    const watch = (page: Page) => {
      const seen = { calls: [] as number[], errors: [] as string[] };
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/auth/me') seen.calls.push(response.status());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') seen.errors.push(message.text());
      });
      return seen;
    };
    const header = (page: Page) => page.getByRole('banner');

    const visitor = await newContext(browser(), url);
    const page = await visitor.newPage();
    const signedOut = watch(page);
    for (const path of ['/', '/pricing', '/features']) {
      await page.goto(path);
      await expectAppRendered(page);
      await expectVisible(header(page).getByRole('link', { name: 'Sign In', exact: true }));
    }
    expect(signedOut).toEqual({ calls: [], errors: [] });
    await visitor.close();

    const { context, token } = await signedInContext(browser(), url, 'hint');
    const member = await context.newPage();
    const signedIn = watch(member);
    await member.goto('/');
    await expectVisible(header(member).getByRole('link', { name: 'Dashboard', exact: true }));
    expect(signedIn.calls).toEqual([200]);
    // The session ends elsewhere: one 401 (which clears the hint) and the next page asks no more.
    const out = await fetch(`${url}/api/auth/logout`, {
      method: 'POST',
      headers: sessionHeaders(url, token),
    });
    expect(out.status).toBe(200);
    await member.goto('/pricing');
    await expectVisible(header(member).getByRole('link', { name: 'Sign In', exact: true }));
    await member.goto('/features');
    await expectVisible(header(member).getByRole('link', { name: 'Sign In', exact: true }));
    expect(signedIn.calls).toEqual([200, 401]);
    await context.close();
  });

  it("a dashboard page names its route's scripts and first calls, and each is fetched once", async () => {
    const { context } = await signedInContext(browser(), url, 'preload');
    const page = await context.newPage();
    const fetched: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    const response = await page.goto('/dashboard/overview');
    const preloaded = [
      ...((await response?.text()) ?? '').matchAll(
        /<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g,
      ),
    ].map((m) => m[1]);
    expect(preloaded).toEqual(expect.arrayContaining(['/api/auth/me', '/api/config']));
    expect(preloaded.filter((href) => href?.includes('OverviewRoute'))).toHaveLength(1);
    await expectVisible(page.getByRole('heading', { name: 'Overview', level: 1 }));
    await page.waitForLoadState('networkidle');
    const twice = fetched.filter((path, i) => fetched.indexOf(path) !== i);
    expect(twice).toEqual([]);
    for (const call of ['/api/auth/me', '/api/config'])
      expect(fetched.filter((path) => path === call)).toHaveLength(1);
    expect(warnings).toEqual([]);
    // Small shared chunks are copied into the chunks that use them (vite.config.ts): the overview
    // fetched 44 scripts before, 11 now (and the chart's, once it is on screen).
    expect(fetched.filter((path) => path.endsWith('.js')).length).toBeLessThanOrEqual(15);
    await context.close();
  });

  it('the dashboard does not move as it loads at phone width, on a phone’s slower CPU', async () => {
    const { context } = await signedInContext(browser(), url, 'shifts', phone);
    const page = await context.newPage();
    // Lighthouse's mobile run: the CPU four times slower, so the shell paints before the page.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const totals = window as unknown as { layoutShift: number };
      totals.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          totals.layoutShift += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/dashboard/overview');
    await expectVisible(page.getByRole('heading', { name: 'Recent transcriptions' }));
    // The embedded defaults take test payments: the notice above the page is part of the load.
    await expectVisible(page.getByText('Test mode', { exact: true }));
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(
      () => (window as unknown as { layoutShift: number }).layoutShift,
    );
    // Web Vitals' "good" Cumulative Layout Shift is at most 0.1.
    expect(shift).toBeLessThan(0.1);
    // The usage chart is below the stat cards on a phone: its code loads once it is scrolled to.
    const chartCode = () => scripts.filter((path) => path.startsWith('/assets/charts-'));
    expect(chartCode()).toEqual([]);
    await page.getByRole('heading', { name: 'Recent transcriptions' }).scrollIntoViewIfNeeded();
    // A new account has no minutes yet: the chart's code renders its empty state.
    await page.getByText('Nothing to chart').waitFor();
    expect(chartCode()).toHaveLength(1);
    await context.close();
  });
});

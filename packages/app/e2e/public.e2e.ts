/** Journey 10: the not-found page, the mobile menu at phone width, the header after scrolling. */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { newContext, phone } from './browser';
import { expectPath, expectText, expectVisible, products, launchedPerFile } from './journey';

const browser = launchedPerFile();

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

describe.each(products)('public site on $backend', ({ url }) => {
  it.each(['/no-such-page', '/status'])('shows the not-found page at %s', async (path) => {
    const context = await newContext(browser(), url);
    const page = await context.newPage();
    await page.goto(path);
    await expectVisible(page.getByRole('heading', { name: 'Unexpected Application Error!' }));
    await expectText(page.getByRole('main'), '404 Not Found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expectPath(page, '/');
    await context.close();
  });

  it('opens the mobile menu at phone width and navigates from it', async () => {
    const context = await newContext(browser(), url, phone);
    const page = await context.newPage();
    await page.goto('/');
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
    await expectVisible(page.getByRole('banner'));
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
});

/** What every journey file shares: the products under test and one Chromium per file. */
import type { Browser, Locator, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './browser';
import { PRERENDERED_ATTRIBUTE } from '../src/prerendered';
import type { ProductUnderTest } from './global-setup';
import type { Backend } from './product';

/**
 * The product global-setup.ts started on `backend`. Each journey runs on one backend, and the
 * journeys together on both: the server suite runs every storage-dependent file on both, and a
 * journey's subject is the browser's path through the product, not the storage under it.
 */
export function productOn(backend: Backend): ProductUnderTest {
  const product = inject('products').find((candidate) => candidate.backend === backend);
  if (!product) throw new Error(`no product on ${backend} under test`);
  return product;
}

/**
 * Launches Chromium (with `extraArgs`) before the file's tests and closes it after; call at the
 * top of a file.
 */
export function launchedPerFile(extraArgs: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(extraArgs);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running');
    return browser;
  };
}

const UI_TIMEOUT = 20_000;

/**
 * What the running journey last waited for, and when (setup.ts prints it when a journey fails):
 * a journey that runs out of time names the step it was on, not only its first line.
 */
export const steps: { what: string; at: number }[] = [];
const step = (what: string) => steps.push({ what, at: Date.now() });

/** Waits until the element's visible text matches (the DOM settles on its own time). */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  step(`text ${String(expected)} in ${String(locator)}`);
  await locator.first().waitFor({ timeout: UI_TIMEOUT });
  await expect
    .poll(() => locator.first().innerText(), { timeout: UI_TIMEOUT })
    .toMatch(typeof expected === 'string' ? new RegExp(escape(expected)) : expected);
}

/** The value a description list gives for `term` (<dt>term</dt><dd>value</dd>). */
export function definitionOf(scope: Page | Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^\\s*${escape(term)}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
}

export async function expectVisible(locator: Locator): Promise<void> {
  step(`visible: ${String(locator)}`);
  await locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
}

/**
 * Waits for the browser to be on `path` (pathname, exact). Polls the URL rather than waiting for
 * a navigation event: a client-side navigation that a 401 redirect cuts short aborts the event.
 */
export async function expectPath(page: Page, path: string): Promise<void> {
  step(`path ${path}`);
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout: UI_TIMEOUT, interval: 100 })
    .toBe(path);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Waits for the app to have rendered, in place of the server's prerendered home page where there
 * is one: its buttons do nothing until then (its links work as links).
 */
export async function expectAppRendered(page: Page): Promise<void> {
  await page
    .locator(`#root > :not([${PRERENDERED_ATTRIBUTE}])`)
    .first()
    .waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  expect(await page.locator(`[${PRERENDERED_ATTRIBUTE}]`).count()).toBe(0);
}

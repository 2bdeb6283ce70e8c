/**
 * A walk of every page the app has (the build's own list, dist/.pages.json), signed out and signed
 * in: each page has a title of its own, nothing is wider than the screen, and no chart draws an
 * axis whose ticks repeat ("0 0 0 0"; an empty chart shows its empty state instead). Signed in
 * twice: a new account (nothing to chart) and one with a transcript. Each walk is taken in the
 * modes where what it checks can differ: signed out on a desktop and a phone; a new account's
 * empty states on a phone (the narrowest); the charts with data on a desktop, a phone and in dark
 * mode. A path the app has no page for answers 404. Run on the embedded-storage product only: the
 * layout does not depend on the storage backend.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { desktop, newContext, phone } from './browser';
import { expectAppRendered, expectVisible, productOn, launchedPerFile } from './journey';
import { sessionCookies, sessionHeaders, signedInContext, until } from './session';
import { jfkWav, submitAudio } from './transcripts';

const browser = launchedPerFile();
const product = productOn('pglite');
const { url } = product;

const pages = JSON.parse(
  readFileSync(new URL('../dist/.pages.json', import.meta.url), 'utf8'),
) as string[];
const isDashboard = (path: string) => path.startsWith('/dashboard');
/** Pages that only pass through (they send the browser on at once). */
const passing = new Set(['/auth/callback', '/dashboard']);

const modes = {
  desktop: { name: 'desktop', viewport: desktop, dark: false },
  phone: { name: 'phone', viewport: phone, dark: false },
  dark: { name: 'dark', viewport: desktop, dark: true },
} as const;
type Mode = (typeof modes)[keyof typeof modes];

interface Visit {
  path: string;
  title: string;
  problems: string[];
  /** Charts on the page with numbers on an axis (charts with data). */
  charts: number;
}

/** What is wrong with the page the browser shows, as it lays it out (runs in the page). */
function layoutProblems(): string[] {
  const found: string[] = [];
  const width = document.documentElement.clientWidth;
  const wide = document.documentElement.scrollWidth;
  if (wide > width + 1) found.push(`the page is ${wide}px wide on a ${width}px screen`);
  for (const table of document.querySelectorAll('table, [role="table"]')) {
    const box = table.getBoundingClientRect();
    const name = table.getAttribute('aria-label') ?? table.textContent?.slice(0, 40) ?? '';
    if (box.left < -1 || box.right > width + 1)
      found.push(`table "${name}" spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
  }
  for (const chart of document.querySelectorAll('svg')) {
    const ticks = [...chart.querySelectorAll('text')]
      .map((text) => text.textContent?.trim() ?? '')
      .filter((label) => /^[$]?\d[\d.,]*\s*(min|h|s)?$/.test(label));
    const repeated = ticks.filter((label, i) => ticks.indexOf(label) !== i);
    if (repeated.length > 0) found.push(`a chart repeats its ticks: ${ticks.join(' ')}`);
  }
  return found;
}

/**
 * Brings each chart still loading on screen until none is: a chart draws only once its place has
 * come into view (on a phone, below the stat cards), and then loads its code and data.
 */
async function drawCharts(page: Page): Promise<void> {
  await until(`${page.url()}'s charts to draw`, async () => {
    // Found and scrolled in one step in the page: a chart that finishes loading in between is gone.
    const waiting = await page.evaluate(() => {
      const chart = document.querySelector('[role="group"][aria-busy="true"]');
      chart?.scrollIntoView({ block: 'center' });
      return chart !== null;
    });
    return waiting ? undefined : true;
  });
}

/** Loads `path` and reports what is wrong with it as the browser lays it out. */
async function visit(context: BrowserContext, path: string, dark: boolean): Promise<Visit> {
  const page = await context.newPage();
  try {
    if (dark) await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(path);
    await expectAppRendered(page);
    await expectVisible(page.getByRole('heading', { level: 1 }).first());
    await page.waitForLoadState('networkidle');
    await drawCharts(page);
    const problems = await page.evaluate(layoutProblems);
    const charts = await page.evaluate(
      () =>
        [...document.querySelectorAll('svg')].filter((chart) =>
          [...chart.querySelectorAll('text')].some((text) => /\d/.test(text.textContent ?? '')),
        ).length,
    );
    return { path: new URL(page.url()).pathname, title: await page.title(), problems, charts };
  } finally {
    await page.close();
  }
}

/** Every page of `paths`, in each of `taken`; then each page's title is its own. */
function walk(
  name: string,
  paths: () => string[],
  context: (viewport: { width: number; height: number }) => Promise<BrowserContext>,
  { charted, taken }: { charted: boolean; taken: Mode[] },
) {
  describe(name, () => {
    for (const mode of taken) {
      it(`${mode.name}: every page fits, has its title, and no chart of equal ticks`, async () => {
        const open = await context(mode.viewport);
        try {
          const visits: Visit[] = [];
          for (const path of paths()) visits.push(await visit(open, path, mode.dark));
          const problems = visits.flatMap((v) => v.problems.map((p) => `${v.path}: ${p}`));
          expect(problems).toEqual([]);
          // With usage to draw, the charts' axes were there to be checked; without, none is drawn.
          const drawn = visits.reduce((sum, v) => sum + v.charts, 0);
          if (charted) expect(drawn).toBeGreaterThan(0);
          else expect(drawn).toBe(0);
          const titles = new Map<string, string>();
          for (const { path, title } of visits) {
            const other = titles.get(title);
            expect(other === undefined || other === path, `${path} has ${other}'s title`).toBe(
              true,
            );
            titles.set(title, path);
          }
        } finally {
          await open.close();
        }
      });
    }
  });
}

describe(`a walk of every page on ${product.backend}`, () => {
  let token = '';
  let emptyToken = '';
  let transcriptId = '';
  let paymentId = '';
  beforeAll(async () => {
    const used = await signedInContext(browser(), url, 'walk');
    token = used.token;
    await used.context.close();
    const headers = sessionHeaders(url, token);
    const submitted = await submitAudio(url, headers, jfkWav);
    expect(submitted.status).toBe(202);
    transcriptId = ((await submitted.json()) as { id: string }).id;
    // Completed and charged, so the charts have something to draw.
    await until('the transcript to complete', async () => {
      const res = await fetch(`${url}/v1/transcript/${transcriptId}`, { headers });
      return ((await res.json()) as { status: string }).status === 'completed' || undefined;
    });
    // A purchase with the test provider's card, so its receipt page has one to show.
    const json = { ...headers, 'content-type': 'application/json' };
    const card = await fetch(`${url}/api/billing/payment-methods`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' }),
    });
    expect(card.status).toBe(201);
    const bought = await fetch(`${url}/api/billing/credits/purchase`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: 5, currency: 'USD' }),
    });
    expect(bought.status).toBe(200);
    paymentId = ((await bought.json()) as { paymentId: string }).paymentId;
    const empty = await signedInContext(browser(), url, 'walk-empty');
    emptyToken = empty.token;
    await empty.context.close();
  });

  const fill = (path: string) =>
    path
      .replace(':token?', 'some-token')
      .replace('receipts/:id', `receipts/${paymentId}`)
      .replace(':id', transcriptId)
      .replace(/\/:\w+\??/, '');

  it('finds what it looks for: a page too wide, a table off the screen, ticks that repeat', async () => {
    const context = await newContext(browser(), url, phone);
    const page = await context.newPage();
    await page.setContent(
      '<div style="width:900px">wide</div><table aria-label="Wide" style="width:800px"><tr><td>x</td></tr></table>' +
        '<svg><text>$0</text><text>$0</text><text>$1</text><text>Jan</text><text>Jan</text></svg>',
    );
    expect(await page.evaluate(layoutProblems)).toEqual([
      `the page is ${await page.evaluate(() => document.documentElement.scrollWidth)}px wide on a ${phone.width}px screen`,
      expect.stringMatching(/^table "Wide" spans \d+–\d+px$/),
      'a chart repeats its ticks: $0 $0 $1',
    ]);
    await context.close();
  });

  it('answers 404 for a path the app has no page for, and shows its not-found page', async () => {
    const context = await newContext(browser(), url);
    const page = await context.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    expect(await page.title()).not.toBe('');
    await context.close();
  });

  walk(
    'signed out',
    () => [...pages.filter((p) => !isDashboard(p) && !passing.has(p)).map(fill), '/no-such-page'],
    (viewport) => newContext(browser(), url, viewport),
    { charted: false, taken: [modes.desktop, modes.phone] },
  );

  const signedIn =
    (session: () => string) => async (viewport: { width: number; height: number }) => {
      const context = await newContext(browser(), url, viewport);
      await context.addCookies(sessionCookies(url, session()));
      return context;
    };
  const dashboard = () => pages.filter((p) => isDashboard(p) && !passing.has(p)).map(fill);

  walk(
    'signed in, a new account',
    dashboard,
    signedIn(() => emptyToken),
    { charted: false, taken: [modes.phone] },
  );
  walk(
    'signed in, with a transcript',
    dashboard,
    signedIn(() => token),
    { charted: true, taken: [modes.desktop, modes.phone, modes.dark] },
  );
});

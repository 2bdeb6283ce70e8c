/**
 * Journey 11: two accounts, one tab. A signs in, opens overview, billing, usage and history with
 * a transcript only A has, and logs out; B signs in on the same tab without a reload. Nothing of
 * A's may reach B's screens, not even for a frame while they load.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { expectPath, expectText, expectVisible, launchedPerFile, productOn } from './journey';
import { createAccount, newAccount, sessionHeaders, signIn, until } from './session';
import { jfkWav, submitAudio } from './transcripts';

const browser = launchedPerFile();

async function openFromSidebar(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole('link', { name, exact: true }).click();
  await expectPath(page, path);
}

/** jfk.wav transcribed for `token`'s account under `fileName`, charged once it completes. */
async function transcribeAs(url: string, token: string, fileName: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'parlance-switch-'));
  try {
    const path = join(dir, fileName);
    await copyFile(jfkWav, path);
    const submitted = await submitAudio(url, sessionHeaders(url, token), path);
    const body = await submitted.text();
    expect(submitted.status, body).toBe(202);
    const { id } = JSON.parse(body) as { id: string };
    const job = await until(
      `transcript ${id} to finish`,
      async () => {
        const res = await fetch(`${url}/v1/transcript/${id}`, {
          headers: sessionHeaders(url, token),
        });
        const body = (await res.json()) as { status: string };
        return body.status === 'completed' || body.status === 'error' ? body : undefined;
      },
      120_000,
    );
    expect(job.status).toBe('completed');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A card and a purchase of $17.00 for `token`'s account (the test payment provider), and the
 * balance the billing page then shows: values only A's pages can hold.
 */
async function buyCreditAs(url: string, token: string): Promise<string[]> {
  const headers = { ...sessionHeaders(url, token), 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res;
  };
  await post('/api/billing/payment-methods', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });
  await post('/api/billing/credits/purchase', { amount: 17, currency: 'USD' });
  const info = (await (await fetch(`${url}/api/billing/info`, { headers })).json()) as {
    balance: string;
  };
  return ['$17.00', info.balance];
}

declare global {
  interface Window {
    /** Every appearance of one of A's values the observer saw, in order. */
    leaksOfA?: string[];
  }
}

/**
 * Watches the page from now on for A's values, in added nodes, changed text and attributes,
 * before any of it is painted. The variable it keeps dies with the document, so finding it again
 * later also proves that the tab was never reloaded.
 */
function watchForValues(page: Page, values: string[]): Promise<void> {
  return page.evaluate((watched) => {
    const leaks: string[] = [];
    window.leaksOfA = leaks;
    const check = (text: string | null | undefined) => {
      for (const value of watched) if (text?.includes(value)) leaks.push(value);
    };
    check(document.documentElement.outerHTML);
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) =>
          check(node instanceof Element ? node.outerHTML : node.textContent),
        );
        if (record.type === 'characterData') check(record.target.textContent);
        if (record.type === 'attributes' && record.attributeName)
          check((record.target as Element).getAttribute(record.attributeName));
      }
    }).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  }, values);
}

/** A's values present in the page right now. */
function valuesOnPage(page: Page, values: string[]): Promise<string[]> {
  return page.evaluate(
    (watched) => watched.filter((value) => document.documentElement.outerHTML.includes(value)),
    values,
  );
}

const { url, backend } = productOn('postgres');

describe(`account switch on ${backend}`, () => {
  it('after A logs out, B signs in on the same tab and never sees any of A’s data', async () => {
    const a = newAccount('switch-a');
    const b = newAccount('switch-b');
    const [tokenA] = await Promise.all([createAccount(url, a), createAccount(url, b)]);
    const fileA = `${a.email.split('@')[0]}-only.wav`;
    await transcribeAs(url, tokenA, fileA);
    const valuesOfA = [fileA, a.name, a.email, ...(await buyCreditAs(url, tokenA))];

    const context = await newContext(browser(), url);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, a.email, a.password);
    await expectPath(page, '/dashboard/overview');
    await expectVisible(page.getByText(a.name, { exact: true }));
    await expectVisible(page.getByRole('link', { name: fileA }));
    await openFromSidebar(page, 'Billing', '/dashboard/billing');
    await expectText(page.getByRole('table', { name: /credit/i }), `Transcription of ${fileA}`);
    await expectVisible(page.getByText(valuesOfA[4] ?? '', { exact: true }).first());
    await openFromSidebar(page, 'Usage', '/dashboard/usage');
    await expectVisible(page.getByText(fileA, { exact: true }));
    await openFromSidebar(page, 'History', '/dashboard/history');
    await expectVisible(page.getByRole('link', { name: fileA }));

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expectPath(page, '/login');
    await watchForValues(page, valuesOfA);

    await signIn(page, b.email, b.password);
    await expectPath(page, '/dashboard/overview');
    await expectVisible(page.getByText(b.name, { exact: true }));
    await expectVisible(page.getByText(/No transcriptions yet/));
    expect(await valuesOnPage(page, valuesOfA)).toEqual([]);
    await openFromSidebar(page, 'Billing', '/dashboard/billing');
    await expectText(page.getByRole('table', { name: /credit/i }), /Welcome bonus/);
    expect(await valuesOnPage(page, valuesOfA)).toEqual([]);
    await openFromSidebar(page, 'Usage', '/dashboard/usage');
    await expectVisible(page.getByText('Nothing charged in this range.'));
    expect(await valuesOnPage(page, valuesOfA)).toEqual([]);
    await openFromSidebar(page, 'History', '/dashboard/history');
    await expectVisible(page.getByText(/No transcriptions yet/));
    expect(await valuesOnPage(page, valuesOfA)).toEqual([]);

    // Still the document the observer was installed in (no reload), and it saw nothing of A's.
    expect(await page.evaluate(() => window.leaksOfA)).toEqual([]);
    await context.close();
  });

  it('a tab left on A’s dashboard follows when another tab logs A out and signs B in', async () => {
    const a = newAccount('tabs-a');
    const b = newAccount('tabs-b');
    const [tokenA] = await Promise.all([createAccount(url, a), createAccount(url, b)]);
    const fileA = `${a.email.split('@')[0]}-only.wav`;
    await transcribeAs(url, tokenA, fileA);
    const valuesOfA = [fileA, a.name, a.email];

    const context = await newContext(browser(), url);
    const left = await context.newPage();
    await left.goto('/login');
    await signIn(left, a.email, a.password);
    await expectPath(left, '/dashboard/overview');
    await expectVisible(left.getByRole('link', { name: fileA }));
    // Marks this document: finding the mark later proves the tab was never reloaded.
    await left.evaluate(() => void (window.leaksOfA = []));

    const other = await context.newPage();
    await other.goto('/dashboard/overview');
    await expectVisible(other.getByText(a.name, { exact: true }));
    await other.getByRole('button', { name: 'Log Out' }).click();
    await expectPath(other, '/login');
    // The left tab heard the sign-out: A's data is gone from it, untouched.
    await expectPath(left, '/login');
    expect(await valuesOnPage(left, valuesOfA)).toEqual([]);

    await signIn(other, b.email, b.password);
    await expectPath(other, '/dashboard/overview');
    // The left tab heard the sign-in too: its header offers B's dashboard, which shows B's.
    await left.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expectPath(left, '/dashboard/overview');
    await expectVisible(left.getByText(b.name, { exact: true }));
    await expectVisible(left.getByText(/No transcriptions yet/));
    expect(await valuesOnPage(left, valuesOfA)).toEqual([]);
    expect(await left.evaluate(() => window.leaksOfA)).toEqual([]);
    await context.close();
  });
});

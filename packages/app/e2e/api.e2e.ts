/**
 * Journeys 5 and 8: an API key made in the dashboard transcribes real audio through the public
 * API, the job's webhook arrives signed with the secret the dashboard shows, the job shows in
 * History and on the overview, its SRT downloads; disabling the key locks the API out, deleting
 * it removes it.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { expectPath, expectText, expectVisible, productOn, launchedPerFile } from './journey';
import { signedInContext } from './session';
import {
  apiGet,
  bearer,
  finishedJob,
  jfkWav,
  reference,
  signedWith,
  srtCues,
  submitAudio,
  webhookReceiver,
  wordErrorRate,
} from './transcripts';

const browser = launchedPerFile();

/** Creates a key on the API keys page and reads its secret from the copy field. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const field = shown.getByRole('textbox', { name });
  await expectVisible(field);
  const secret = await field.inputValue();
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expectText(shown.getByRole('status'), 'Copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expectVisible(page.getByRole('cell', { name, exact: true }));
  return secret;
}

/** Reveals the account's webhook signing secret on the API keys page and reads it. */
async function revealWebhookSecret(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  const field = page.getByRole('textbox', { name: 'Secret' });
  await expectVisible(field);
  return field.inputValue();
}

/** GET /v1/models with the key: its status, and the error code when refused. */
async function modelsCall(url: string, key: string): Promise<{ status: number; code?: string }> {
  const res = await apiGet(url, key, '/v1/models');
  if (res.ok) return { status: res.status };
  return { status: res.status, code: ((await res.json()) as { code: string }).code };
}

/** The row of a transcriptions table naming this file shows each of `cells`. */
async function expectTranscriptRow(
  table: Locator,
  fileName: string,
  cells: RegExp[],
): Promise<void> {
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('link', { name: fileName, exact: true }) });
  for (const cell of cells) await expectText(row, cell);
}

/** What the lists show for the JFK clip made today (display rules of spec section 3). */
const jfkRow = [/\bToday\b/, /\bCompleted\b/, /\b0:11\b/];

const { url, backend } = productOn('pglite');

describe(`API key journeys on ${backend}`, () => {
  it('creates a key, transcribes jfk.wav with it (webhook signed with the shown secret), and finds the job in History, on the overview and as SRT', async () => {
    const { context } = await signedInContext(browser(), url, 'apikey');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    await page.goto('/dashboard/api-keys');
    const key = await createKey(page, 'E2E backend');
    expect(key.length).toBeGreaterThanOrEqual(24);
    const webhookSecret = await revealWebhookSecret(page);
    expect(webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/);

    const hooks = await webhookReceiver();
    const submitted = await submitAudio(url, bearer(key), jfkWav, { webhook_url: hooks.url });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    const job = await finishedJob(url, key, id);
    const delivery = await hooks.delivery();
    hooks.close();
    expect(JSON.parse(delivery.body)).toEqual({ id, status: 'completed' });
    expect(signedWith(delivery, webhookSecret)).toBe(true);
    expect(
      signedWith(
        delivery,
        webhookSecret.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBe(false);
    expect(job.error).toBeNull();
    expect(job.status).toBe('completed');
    expect(job.fileName).toBe('jfk.wav');
    expect(wordErrorRate(await reference('jfk'), job.result?.text ?? '')).toBeLessThan(0.2);

    await page.getByRole('link', { name: 'History', exact: true }).click();
    await expectPath(page, '/dashboard/history');
    await expectTranscriptRow(
      page.getByRole('table', { name: /transcriptions/i }),
      'jfk.wav',
      jfkRow,
    );

    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await expectPath(page, '/dashboard/overview');
    const recent = page.getByRole('table', { name: /transcriptions/i });
    await expectTranscriptRow(recent, 'jfk.wav', jfkRow);

    await recent.getByRole('link', { name: 'jfk.wav' }).click();
    await expectPath(page, `/dashboard/history/${id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download SRT' }).click(),
    ]);
    const downloaded = srtCues(await readFile(await download.path(), 'utf8'));

    const srt = await apiGet(url, key, `/v1/transcript/${id}/srt`);
    expect(srt.status).toBe(200);
    const cues = srtCues(await srt.text());
    expect(cues.length).toBeGreaterThan(0);
    expect(cues[0]?.start).toBe('00:00:00,000');
    expect(downloaded).toEqual(cues);
    expect(
      wordErrorRate(await reference('jfk'), cues.map((cue) => cue.text).join(' ')),
    ).toBeLessThan(0.2);
    await context.close();
  });

  it('disables a key (the API answers 401), enables it again, then deletes it', async () => {
    const { context } = await signedInContext(browser(), url, 'keytoggle');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    await page.goto('/dashboard/api-keys');
    const key = await createKey(page, 'Toggled key');
    expect(await modelsCall(url, key)).toEqual({ status: 200 });

    const enabled = page.getByRole('switch', { name: 'Toggled key enabled' });
    await enabled.click();
    await expect
      .poll(() => enabled.getAttribute('aria-checked'), { timeout: 10_000 })
      .toBe('false');
    // The switch flips at once (optimistic update); the API follows once the change is saved.
    await expect
      .poll(() => modelsCall(url, key), { timeout: 10_000 })
      .toEqual({ status: 401, code: 'api_key_disabled' });

    await enabled.click();
    await expect.poll(() => enabled.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => modelsCall(url, key), { timeout: 10_000 }).toEqual({ status: 200 });

    await page.getByRole('button', { name: 'Delete Toggled key' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this API key?' })
      .getByRole('button', { name: 'Delete key' })
      .click();
    await page
      .getByRole('cell', { name: 'Toggled key', exact: true })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(() => modelsCall(url, key), { timeout: 10_000 })
      .toEqual({ status: 401, code: 'invalid_api_key' });
    await context.close();
  });
});

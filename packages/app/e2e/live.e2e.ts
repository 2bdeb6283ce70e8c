/**
 * Journey: live transcription in the playground, from a microphone Chromium fakes with a real
 * clip (jfk.wav, played once): the words appear as they are spoken, Stop saves the stream, it is
 * in History, and the balance drops by exactly what the stream says it cost.
 */
import { formatUsd } from '@parlance/contract/money';
import { describe, expect, it } from 'vitest';
import { expectText, expectVisible, launchedPerFile, productOn } from './journey';
import { sessionHeaders, signedInContext } from './session';
import { jfkWav, reference as referenceText, wordErrorRate } from './transcripts';

const browser = launchedPerFile([
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${jfkWav}%noloop`,
]);

async function balanceMicros(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/billing/info`, { headers: sessionHeaders(url, token) });
  if (!res.ok) throw new Error(`GET /api/billing/info answered ${res.status}`);
  return ((await res.json()) as { balanceMicros: number }).balanceMicros;
}

const { url, backend } = productOn('pglite');

describe(`live playground on ${backend}`, () => {
  it('hears the microphone live, saves the stream, lists it in History and bills it', async () => {
    const { context, token } = await signedInContext(browser(), url, 'live');
    const before = await balanceMicros(url, token);
    const page = await context.newPage();
    await page.goto('/dashboard/playground?mode=live');
    await page.getByRole('button', { name: 'Start', exact: true }).click();

    const transcript = page.getByRole('list', { name: 'Live transcript' });
    // The clip plays in real time (11 s); its words arrive phrase by phrase as it does, until
    // they are the clip's (through Chromium's audio processing: a word may go astray).
    const reference = await referenceText('jfk');
    const heard = async () => (await transcript.innerText()).replace(/\d+:\d\d/g, ' ');
    await expect
      .poll(async () => wordErrorRate(reference, await heard()), { timeout: 60_000 })
      .toBeLessThan(0.25);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();

    const saved = page.getByRole('status').filter({ hasText: 'Transcript saved' });
    await expectVisible(saved);
    const summary = await saved.innerText();
    const link = saved.getByRole('link', { name: 'Open the transcript' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/dashboard\/history\/[0-9a-f-]{36}$/);

    // Billed: what the stream said it cost, taken from the balance once.
    const cost = before - (await balanceMicros(url, token));
    expect(cost).toBeGreaterThan(0);
    expect(summary).toContain(formatUsd(cost));

    await page.goto('/dashboard/history');
    await expectText(page.getByRole('main'), 'Live stream');
    await page.goto(href ?? '/');
    await expectText(page.getByRole('main'), /what your country can do for you/i);
    await context.close();
  });
});

/**
 * Monthly spending limits, the account's and each API key's, over real HTTP through the real
 * engine (tiny.en, jfk: 11 s, 367 µ$): a submission that would pass one is refused with 402
 * spend_limit_reached (which limit, what is used, when it resets), the other keys and the web app
 * go on under the account's own, and removing a limit lifts it.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insufficientCreditsMessage,
  isSpendLimitMessage,
  spendLimitMessage,
} from '../src/transcription/pricing.js';
import type { TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

const JFK_MICROS = 367;

let server: TestServer;
beforeAll(async () => {
  server = await startTranscriptionServer();
});
afterAll(() => server?.close());

/** The first day of next month (UTC), when this month's spending starts again from 0. */
function nextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

async function transcribe(who: Customer, auth = who.auth) {
  const res = await submit(server, { ...who, auth }, { language: 'en' }, fixture('jfk.wav'));
  if (res.status === 202)
    expect((await waitForJob(server, who, res.body.id)).costMicros).toBe(JFK_MICROS);
  return res;
}

describe('monthly spending limits', () => {
  it("refuses what would pass the account's limit, and says which, how much and until when", async () => {
    const who = await customer(server, 500);
    const set = await who.api.put('/api/billing/spend-limit', { monthlyLimitMicros: 500 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ monthlyLimitMicros: 500, spentThisMonthMicros: 0 });

    const first = await transcribe(who);
    expect(first.status).toBe(202);
    // What was spent stays spent: deleting the transcript gives no room back.
    expect((await who.api.delete(`/v1/transcript/${first.body.id}`)).status).toBe(200);
    const info = await who.api.get('/api/billing/info');
    expect(info.body).toMatchObject({
      monthlyLimitMicros: 500,
      spentThisMonthMicros: JFK_MICROS,
      spentThisMonth: '$0.000367',
    });

    const refused = await transcribe(who);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'spend_limit_reached',
      details: {
        scope: 'account',
        limitMicros: 500,
        usedMicros: JFK_MICROS,
        resetsAt: nextMonth(),
      },
    });
    expect(refused.body.message).toBe(
      `Your account's monthly spending limit of $0.0005 is reached: $0.000367 is spent or held for jobs in progress this month, and this transcription costs $0.000367. The limit resets on ${nextMonth().slice(0, 10)} (UTC).`,
    );

    // Removed, the limit no longer stands.
    expect(
      (await who.api.put('/api/billing/spend-limit', { monthlyLimitMicros: null })).status,
    ).toBe(200);
    expect((await transcribe(who)).status).toBe(202);
  });

  it("holds a key to its own limit, while the account's other keys go on", async () => {
    const who = await customer(server, 500);
    const [key] = (await who.api.get('/api/api-keys')).body.apiKeys as { id: string }[];
    const other = await who.api.post('/api/api-keys', { name: 'second' });
    const otherAuth = { authorization: `Bearer ${other.body.secret}` };

    const limited = await who.api.put(`/api/api-keys/${key?.id}/limit`, {
      monthlyLimitMicros: 400,
    });
    expect(limited.status).toBe(200);
    expect(limited.body.apiKey).toMatchObject({ id: key?.id, monthlyLimitMicros: 400 });
    expect((await who.api.get('/api/api-keys')).body.apiKeys).toContainEqual(
      expect.objectContaining({ id: key?.id, monthlyLimitMicros: 400 }),
    );

    expect((await transcribe(who)).status).toBe(202);
    const refused = await transcribe(who);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'spend_limit_reached',
      details: { scope: 'key', limitMicros: 400, usedMicros: JFK_MICROS },
    });
    expect(refused.body.message).toMatch(/^This API key's monthly spending limit of \$0\.0004/);

    // The other key, and the OpenAI-compatible path of the limited one.
    expect((await transcribe(who, otherAuth)).status).toBe(202);
    const openAi = new FormData();
    openAi.append('file', new Blob([await readFile(fixture('jfk.wav'))]), 'jfk.wav');
    openAi.append('model', 'tiny.en');
    const viaOpenAi = await fetch(`${server.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: who.auth,
      body: openAi,
    });
    expect(viaOpenAi.status).toBe(402);

    await who.api.put(`/api/api-keys/${key?.id}/limit`, { monthlyLimitMicros: null });
    expect((await transcribe(who)).status).toBe(202);
  });

  it('knows its own wording, so a job refused at a limit as it starts is answered 402', () => {
    const room = (scope: 'account' | 'key') => ({
      scope,
      limitMicros: 1_000_000,
      usedMicros: 1_000_000,
      roomMicros: 0,
      resetsAt: new Date('2026-12-01T00:00:00Z'),
    });
    for (const scope of ['account', 'key'] as const)
      expect(isSpendLimitMessage(spendLimitMessage(room(scope), 367))).toBe(true);
    expect(isSpendLimitMessage(insufficientCreditsMessage(367, 0))).toBe(false);
  });

  it('refuses a negative limit, and a key that is not yours', async () => {
    const who = await customer(server, 0);
    const other = await customer(server, 0);
    const negative = await who.api.put('/api/billing/spend-limit', { monthlyLimitMicros: -1 });
    expect([negative.status, negative.body.code]).toEqual([400, 'validation_failed']);
    const [key] = (await other.api.get('/api/api-keys')).body.apiKeys as { id: string }[];
    const foreign = await who.api.put(`/api/api-keys/${key?.id}/limit`, {
      monthlyLimitMicros: 1,
    });
    expect(foreign.status).toBe(404);
  });
});

/**
 * Usage by sender, through real jobs (tiny.en, jfk: 11 s, 367 µ$): each API key, the web app (the
 * playground), a key deleted afterwards and one deleted while its job ran; and the CSV exports of
 * charged jobs and of credit transactions, which a spreadsheet opens without running anything.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spending } from '@parlance/contract';
import { createLedger } from '../src/billing/ledger.js';
import { usdDecimal } from '../src/billing/money.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import { toCsv } from '../src/http/download.js';
import type { TestServer } from './helpers.js';
import {
  audioForm,
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

const JFK_MICROS = 367;
/** A key name a spreadsheet would run as a formula, with a quote and a comma in it. */
const FORMULA_NAME = '=HYPERLINK("https://evil.example","x")';

let server: TestServer;
beforeAll(async () => {
  server = await startTranscriptionServer();
});
afterAll(() => server?.close());

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
/** Yesterday to today (UTC): a job booked just before midnight is still in range. */
const RANGE = `from=${day(86_400_000)}&to=${day(0)}`;

async function transcribe(who: Customer, auth: Customer['auth'] | null) {
  const res = auth
    ? await submit(server, { ...who, auth }, { language: 'en' }, fixture('jfk.wav'))
    : await who.api.post('/v1/transcript', await audioForm({ language: 'en' }, fixture('jfk.wav')));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect((await waitForJob(server, who, res.body.id)).costMicros).toBe(JFK_MICROS);
  return res.body.id as string;
}

describe('usage by source', () => {
  let who: Customer;
  let playgroundJob: string;

  beforeAll(async () => {
    who = await customer(server, 100);
    const other = await who.api.post('/api/api-keys', { name: FORMULA_NAME });
    expect(other.status).toBe(201);
    const otherAuth = { authorization: `Bearer ${other.body.secret}` };
    await transcribe(who, who.auth);
    await transcribe(who, who.auth);
    await transcribe(who, otherAuth);
    playgroundJob = await transcribe(who, null);
    expect((await who.api.delete(`/api/api-keys/${other.body.apiKey.id}`)).status).toBe(200);
  }, 180_000);

  it('breaks the range down by key and the playground, a deleted key under its name', async () => {
    const res = await who.api.get(`/api/usage/spending?${RANGE}`);
    expect(res.status).toBe(200);
    const body = res.body as Spending;
    const [key] = (await who.api.get('/api/api-keys')).body.apiKeys as { id: string }[];
    expect(body.sources).toEqual([
      {
        apiKeyId: key?.id,
        sender: 'tests',
        live: false,
        files: 2,
        minutes: 0.4,
        costMicros: 2 * JFK_MICROS,
        cost: '$0.000734',
      },
      {
        apiKeyId: null,
        sender: `${FORMULA_NAME} (deleted key)`,
        live: false,
        files: 1,
        minutes: 0.2,
        costMicros: JFK_MICROS,
        cost: '$0.000367',
      },
      {
        apiKeyId: null,
        sender: 'Playground',
        live: false,
        files: 1,
        minutes: 0.2,
        costMicros: JFK_MICROS,
        cost: '$0.000367',
      },
    ]);
    // The sources add up to the range's totals, and each job says who sent it.
    expect(body.sources.reduce((sum, s) => sum + s.costMicros, 0)).toBe(body.totals.costMicros);
    expect(body.transcriptions.map((t) => t.sender)).toEqual([
      'Playground',
      `${FORMULA_NAME} (deleted key)`,
      'tests',
      'tests',
    ]);
    expect(body.transcriptions[0]).toMatchObject({ id: playgroundJob, live: false });
  });

  it('lists each transcript with who sent it, a deleted key under its name', async () => {
    const senders = ['Playground', `${FORMULA_NAME} (deleted key)`, 'tests', 'tests'];
    const history = await who.api.get('/api/transcript/user?limit=10');
    expect(history.status).toBe(200);
    expect(history.body.transcriptions.map((t: { sender: string }) => t.sender)).toEqual(senders);
    const listed = await server.client().get('/v1/transcript', { headers: who.auth });
    expect(listed.body.transcripts.map((t: { sender: string }) => t.sender)).toEqual(senders);
    const [key] = (await who.api.get('/api/api-keys')).body.apiKeys as { id: string }[];
    expect(listed.body.transcripts.map((t: { apiKeyId: string | null }) => t.apiKeyId)).toEqual([
      null,
      null,
      key?.id,
      key?.id,
    ]);
    const one = await server.client().get(`/v1/transcript/${playgroundJob}`, { headers: who.auth });
    expect(one.body).toMatchObject({ apiKeyId: null, sender: 'Playground' });
    const [latestByKey] = listed.body.transcripts.slice(2) as { id: string }[];
    const byKey = await who.api.get(`/v1/transcript/${latestByKey?.id}`);
    expect(byKey.body).toMatchObject({ apiKeyId: key?.id, sender: 'tests' });
  });

  it("migration 0019 names the senders of jobs sent before it, a deleted key's from its charge", async () => {
    const { db } = server.storage;
    await db
      .update(transcriptions)
      .set({ apiKeyName: null })
      .where(eq(transcriptions.userId, who.userId));
    const migration = await readFile(
      new URL('../drizzle/0019_transcript_senders.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').slice(1))
      await db.execute(sql.raw(statement));
    const history = await who.api.get('/api/transcript/user?limit=10');
    expect(history.body.transcriptions.map((t: { sender: string }) => t.sender)).toEqual([
      'Playground',
      `${FORMULA_NAME} (deleted key)`,
      'tests',
      'tests',
    ]);
  });

  it('shows a renamed key as one source, under its name today', async () => {
    const [key] = (await who.api.get('/api/api-keys')).body.apiKeys as { id: string }[];
    expect((await who.api.put(`/api/api-keys/${key?.id}`, { name: 'production' })).status).toBe(
      200,
    );
    // A job booked under the new name, beside the two booked as 'tests'.
    await createLedger(server.storage.db).debit({
      userId: who.userId,
      amountMicros: JFK_MICROS,
      reference: randomUUID(),
      description: 'a job after the rename',
      audioSeconds: 11,
      model: 'tiny.en',
      apiKeyId: key?.id,
      audioSource: 'upload',
    });
    const body = (await who.api.get(`/api/usage/spending?${RANGE}`)).body as Spending;
    const ofKey = body.sources.filter((source) => source.apiKeyId === key?.id);
    expect(ofKey).toEqual([
      expect.objectContaining({ sender: 'production', live: false, files: 3 }),
    ]);
    await who.api.put(`/api/api-keys/${key?.id}`, { name: 'tests' });
  });

  it('names a key deleted while its job ran "Deleted key", and still books the job', async () => {
    const ledger = createLedger(server.storage.db);
    await ledger.debit({
      userId: who.userId,
      amountMicros: 100,
      reference: randomUUID(),
      description: 'a job whose key went while it ran',
      audioSeconds: 3,
      model: 'tiny.en',
      apiKeyId: randomUUID(),
      audioSource: 'upload',
    });
    const body = (await who.api.get(`/api/usage/spending?${RANGE}`)).body as Spending;
    expect(body.sources).toContainEqual(
      expect.objectContaining({ apiKeyId: null, sender: 'Deleted key', files: 1, costMicros: 100 }),
    );
  });

  it('exports every charged job of the range as CSV', async () => {
    const res = await who.api.get(`/api/usage/spending.csv?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parlance-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (res.body as string).split('\r\n');
    expect(lines[0]).toBe(
      'charged_at,transcription_id,sent_by,api_key_id,live,file,model,audio_seconds,cost_usd',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(6);
    // The formula is quoted and defused: a spreadsheet shows it as text.
    expect(
      rows.filter((row) =>
        row.includes(`"'=HYPERLINK(""https://evil.example"",""x"") (deleted key)"`),
      ),
    ).toHaveLength(1);
    expect(
      rows.filter((row) => /,Playground,,false,jfk\.wav,tiny\.en,[\d.]+,0\.000367$/.test(row)),
    ).toHaveLength(1);
    expect(
      rows.filter((row) =>
        /,tests,[0-9a-f-]{36},false,jfk\.wav,tiny\.en,[\d.]+,0\.000367$/.test(row),
      ),
    ).toHaveLength(2);

    const refused = await who.api.get('/api/usage/spending.csv?from=2026-02-01&to=2026-01-07');
    expect([refused.status, refused.body.message]).toEqual([400, 'from: must not be after to']);
    expect((await server.client().get(`/api/usage/spending.csv?${RANGE}`)).status).toBe(401);
  });

  it('exports every credit transaction as CSV, newest first', async () => {
    const res = await who.api.get('/api/billing/credits/history.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="parlance-transactions.csv"',
    );
    const lines = (res.body as string).split('\r\n').slice(0, -1);
    expect(lines[0]).toBe(
      'created_at,transaction_id,kind,description,amount_usd,balance_after_usd,reference,card,audio_seconds,model',
    );
    const history = (await who.api.get('/api/billing/credits/history?limit=100')).body
      .transactions as { id: string; kind: string; balanceAfterMicros: number }[];
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(history.map((t) => t.id));
    const usage = lines.filter((line) => line.split(',')[2] === 'usage');
    expect(usage).toHaveLength(6);
    expect(usage.filter((line) => line.includes(',-0.000367,'))).toHaveLength(5);
    // The balance after the newest entry is the account's balance, in dollars.
    const balance = await createLedger(server.storage.db).balance(who.userId);
    expect(lines[1]?.split(',')[5]).toBe(usdDecimal(balance));
    expect((await server.client().get('/api/billing/credits/history.csv')).status).toBe(401);
  });
});

describe('CSV cells', () => {
  it('writes money as plain decimals a spreadsheet reads as numbers', () => {
    expect(usdDecimal(-367)).toBe('-0.000367');
    expect(usdDecimal(12_500_000)).toBe('12.50');
    expect(usdDecimal(1_234_567_890_000)).toBe('1234567.89');
  });

  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['plain', 12.5],
          ['with, comma', 'say "hi"'],
          ['two\nlines', null],
          ['=1+1', '+1'],
          ['-2+3', '@SUM(A1)'],
          ['-0.000367', '1234.5'],
          ['a;=HYPERLINK("x")', 'b\tc'],
          ['\tTAB', true],
        ],
      ),
    ).toBe(
      [
        'a,b',
        'plain,12.5',
        '"with, comma","say ""hi"""',
        '"two\nlines",',
        "'=1+1,'+1",
        "'-2+3,'@SUM(A1)",
        '-0.000367,1234.5',
        '"a;=HYPERLINK(""x"")","b\tc"',
        '"\'\tTAB",true',
        '',
      ].join('\r\n'),
    );
  });
});

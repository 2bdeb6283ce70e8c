/**
 * The job machinery with a fake engine (the only place one exists): claims, leases, exactly-once
 * completion and charging, failures never charged, crash requeue, takeover after a dead worker.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { ledgerEntries } from '../src/db/schema/billing.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import {
  EngineRequestError,
  EngineUnavailableError,
  type EngineResult,
  type SpeechEngine,
} from '../src/transcription/engine/types.js';
import {
  JobHeldElsewhere,
  processTranscription,
  type ProcessorDeps,
} from '../src/transcription/jobs/processor.js';
import { findTranscriptionById } from '../src/transcription/jobs/repository.js';
import { signUp, type TestServer } from './helpers.js';
import { customer, fixture, startTranscriptionServer, submit } from './transcription-helpers.js';

const RESULT: EngineResult = {
  text: 'ask not what your country can do for you',
  language: 'en',
  language_probability: 1,
  duration: 600, // 10 min of tiny.en at 12 ¢/h = 2 ¢
  segments: [{ start: 0, end: 600, text: 'ask not what your country can do for you' }],
  words: [{ start: 0, end: 1, text: 'ask', confidence: 0.9 }],
};

/** A fake engine: `transcribe` reports progress, then waits for `gate` (if any) and answers `outcome`. */
function fakeEngine(
  outcome: () => Promise<EngineResult>,
  gate?: Promise<void>,
): SpeechEngine & { calls: number } {
  const engine = {
    calls: 0,
    async transcribe(
      _path: string,
      _opts: unknown,
      onProgress: (p: { percent: number; stage: string }) => void,
    ) {
      engine.calls++;
      onProgress({ percent: 40, stage: 'transcribing' });
      await gate;
      return outcome();
    },
    probe: async () => ({ duration: 600 }),
    models: async () => [],
    close: async () => undefined,
  };
  return engine;
}

let server: TestServer;
let userId: string;

beforeAll(async () => {
  server = await startTranscriptionServer({ EMBEDDED_WORKERS: 'false' });
  userId = (await signUp(server)).user.id;
  await createLedger(server.storage.db).credit({
    kind: 'adjustment',
    userId,
    amountCents: 1000,
    description: 'test',
  });
});
afterAll(() => server?.close());

const db = () => server.storage.db;

async function newJob(): Promise<string> {
  const id = randomUUID();
  await db()
    .insert(transcriptions)
    .values({
      id,
      userId,
      model: 'tiny.en',
      source: 'upload',
      blobKey: `audio/${id}`,
      fileName: 'a.wav',
    });
  return id;
}

function deps(engine: SpeechEngine, finished: string[] = []): ProcessorDeps {
  return {
    db: db(),
    engine,
    blobs: {
      stagingPath: async () => '/nowhere',
      putFile: async () => undefined,
      withFile: (key, fn) => fn(`/data/blobs/${key}`),
      delete: async () => undefined,
    },
    leaseSeconds: 30,
    onFinished: async (row) => void finished.push(row.status),
  };
}

const usageOf = (id: string) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.reference, id));

describe('processTranscription', () => {
  it('two workers on one job: one completes it, the other backs off; charged once, notified once', async () => {
    const id = await newJob();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const finished: string[] = [];
    const engine = fakeEngine(async () => RESULT, gate);
    const first = processTranscription(deps(engine, finished), id, false);
    await expect
      .poll(async () => (await findTranscriptionById(db(), id))?.progressPercent)
      .toBe(40);
    await expect(processTranscription(deps(engine, finished), id, false)).rejects.toBeInstanceOf(
      JobHeldElsewhere,
    );
    open();
    await first;
    await processTranscription(deps(engine, finished), id, true); // a late duplicate delivery: no-op

    const row = await findTranscriptionById(db(), id);
    expect(row).toMatchObject({
      status: 'completed',
      costCents: 2,
      audioDurationSeconds: 600,
      progressPercent: 100,
      attempts: 1,
    });
    expect(row?.result?.words).toEqual([]); // timestamp style 'segment' drops words
    expect(engine.calls).toBe(1);
    expect(finished).toEqual(['completed']);
    const usage = await usageOf(id);
    expect(usage).toHaveLength(1);
    expect(usage[0]?.amountCents).toBe(-2);
  });

  it('a worker that lost its lease (presumed dead) cannot complete or charge after the takeover', async () => {
    const id = await newJob();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = processTranscription(deps(fakeEngine(async () => RESULT, gate)), id, false);
    await expect
      .poll(async () => (await findTranscriptionById(db(), id))?.progressPercent)
      .toBe(40);
    await db()
      .update(transcriptions)
      .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(transcriptions.id, id));
    await processTranscription(
      deps(fakeEngine(async () => ({ ...RESULT, text: 'second worker' }))),
      id,
      false,
    );
    open();
    await slow;
    const row = await findTranscriptionById(db(), id);
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
    expect(row?.result?.text).toBe('second worker');
    expect(await usageOf(id)).toHaveLength(1);
  });

  it('an engine error fails the job, uncharged, without server paths in the message', async () => {
    const id = await newJob();
    const engine = fakeEngine(async () => {
      throw new EngineRequestError(
        'decode_failed',
        `audio broke off at 3 s: /data/blobs/audio/${id}`,
      );
    });
    await processTranscription(deps(engine), id, false);
    const row = await findTranscriptionById(db(), id);
    expect(row?.status).toBe('error');
    expect(row?.errorMessage).toBe('Transcription failed: audio broke off at 3 s: the audio');
    expect(row?.costCents).toBeNull();
    expect(await usageOf(id)).toHaveLength(0);
  });

  it('an engine crash hands the job back to the queue, and fails it on the final attempt', async () => {
    const id = await newJob();
    const crash = fakeEngine(async () => {
      throw new EngineUnavailableError('speech engine exited (signal SIGKILL)');
    });
    await expect(processTranscription(deps(crash), id, false)).rejects.toBeInstanceOf(
      EngineUnavailableError,
    );
    expect(await findTranscriptionById(db(), id)).toMatchObject({
      status: 'queued',
      leaseToken: null,
    });
    await processTranscription(deps(crash), id, true);
    expect(await findTranscriptionById(db(), id)).toMatchObject({ status: 'error', attempts: 2 });
    expect(await usageOf(id)).toHaveLength(0);
  });

  it('a balance too small at completion fails the job with the credits message, uncharged', async () => {
    const poor = (await signUp(server)).user.id;
    const ledger = createLedger(db());
    const balance = await ledger.balance(poor);
    if (balance > 0)
      await ledger.debit({
        kind: 'adjustment',
        userId: poor,
        amountCents: balance,
        description: 'empty',
      });
    const id = randomUUID();
    await db()
      .insert(transcriptions)
      .values({ id, userId: poor, model: 'tiny.en', source: 'upload', blobKey: `audio/${id}` });
    await processTranscription(deps(fakeEngine(async () => RESULT)), id, false);
    const row = await findTranscriptionById(db(), id);
    expect(row?.status).toBe('error');
    expect(row?.errorMessage).toBe(
      'Insufficient credits: this transcription costs $0.02 but your balance is $0.00.',
    );
    expect(await ledger.balance(poor)).toBe(0);
  });
});

describe('while jobs wait (this server runs no workers)', () => {
  it('reports queue positions in order and holds credit for queued jobs at submission', async () => {
    const carol = await customer(server, 1);
    const dave = await customer(server, 100);
    const first = await submit(server, carol, {}, fixture('LJ002-0035.wav'));
    expect(first.status).toBe(202);
    expect(first.body.queue_position).toBe(0);
    const second = await submit(server, dave, {}, fixture('LJ002-0035.wav'));
    expect(second.body.queue_position).toBe(1);

    const refused = await submit(server, carol, {}, fixture('LJ002-0035.wav'));
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      'Insufficient credits: this transcription costs $0.01 but your balance is $0.01, $0.01 of it held for jobs in progress.',
    );
    const polled = await server
      .client()
      .get(`/v1/transcript/${second.body.id}`, { headers: dave.auth });
    expect(polled.body).toMatchObject({
      status: 'queued',
      queue_position: 1,
      progress: { percent: 0, stage: 'queued' },
    });
  });
});

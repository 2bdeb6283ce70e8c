/**
 * The job machinery with a fake engine (the only place one exists): claims, leases, exactly-once
 * completion and charging, failures never charged, crash requeue, takeover after a dead worker.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { formatUsd } from '../src/billing/money.js';
import { setMonthlyLimit } from '../src/billing/spendLimits.js';
import { priceForSeconds } from '@parlance/contract/money';
import { ledgerEntries } from '../src/db/schema/billing.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import {
  EngineRequestError,
  EngineUnavailableError,
  type EngineProgress,
  type EngineResult,
  type SpeechEngine,
  type TranscribeOptions,
} from '../src/transcription/engine/types.js';
import {
  exhaustedMessage,
  processTranscription,
  untranscribedNotice,
  type JobLimits,
  type ProcessorDeps,
} from '../src/transcription/jobs/processor.js';
import { TRANSCRIBE_QUEUE } from '../src/transcription/jobs/queue.js';
import type { Checkpoint } from '../src/transcription/engine/protocol.js';
import { purgeExpired } from '../src/system/housekeeping.js';
import {
  cancelTranscription,
  checkpointsOf,
  deleteTranscriptionAndAudio,
  findTranscriptionById,
  orphanedQueuedJobs,
  queuePosition,
  reclaimExpiredLeases,
} from '../src/transcription/jobs/repository.js';
import { signUp, type TestServer } from './helpers.js';
import { customer, fixture, startTranscriptionServer, submit } from './transcription-helpers.js';
import { createMetrics } from '../src/system/metrics.js';
import {
  BlobStoreUnavailable,
  createLocalBlobStore,
} from '../src/transcription/blobs/blobStore.js';
import { createErasures } from '../src/system/erasures.js';

const RESULT: EngineResult = {
  text: 'ask not what your country can do for you',
  language: 'en',
  language_probability: 1,
  detected_language: null,
  language_fallback: false,
  duration: 600, // 10 min of tiny.en at $0.12/h = $0.02
  truncated: false,
  segments: [
    { start: 0, end: 600, text: 'ask not what your country can do for you', language: 'en' },
  ],
  words: [{ start: 0, end: 1, text: 'ask', confidence: 0.9 }],
  untranscribed: [],
};

/** RESULT saying `text` instead, in one segment, as the engine tells it. */
const said = (text: string): EngineResult => ({
  ...RESULT,
  text,
  segments: [{ ...RESULT.segments[0]!, text }],
});

/**
 * A fake engine: `transcribe` reports progress (with each of `told`'s checkpoints), then waits for
 * `gate` (if any), for its abort signal or for `kill`, and answers `outcome`. It records the
 * options and whether it was told to stop or killed; its process uses a CPU-second each time it
 * is looked at while `computing`, none otherwise.
 */
function fakeEngine(
  outcome: () => Promise<EngineResult>,
  gate?: Promise<void>,
  told: Checkpoint[] = [],
): SpeechEngine & {
  calls: number;
  aborted: boolean;
  killed: boolean;
  computing: boolean;
  options?: TranscribeOptions;
} {
  let killing!: () => void;
  const killed = new Promise<void>((resolve) => (killing = resolve));
  const engine = {
    calls: 0,
    aborted: false,
    killed: false,
    computing: false,
    cpu: 5,
    options: undefined as TranscribeOptions | undefined,
    async transcribe(
      _path: string,
      options: TranscribeOptions,
      onProgress: (p: EngineProgress) => void,
      signal?: AbortSignal,
    ) {
      engine.calls++;
      engine.options = options;
      onProgress({ percent: 40, stage: 'transcribing' });
      for (const checkpoint of told) onProgress({ percent: 40, stage: 'transcribing', checkpoint });
      const aborted = new Promise<void>((resolve) =>
        signal?.addEventListener('abort', () => {
          engine.aborted = true;
          resolve();
        }),
      );
      await (gate ? Promise.race([gate, aborted, killed]) : undefined);
      if (engine.killed) throw new EngineUnavailableError('the engine was killed');
      if (engine.aborted) throw new EngineRequestError('cancelled', 'cancelled');
      return outcome();
    },
    kill: async () => {
      engine.killed = true;
      killing();
    },
    cpuSeconds: async () => (engine.computing ? (engine.cpu += 1) : engine.cpu),
    probe: async () => ({ duration: 600, channels: 1 }),
    bleep: async () => {
      throw new Error('this fake engine bleeps nothing');
    },
    models: async () => ({ models: [], device: 'cpu' as const, computeType: 'int8' }),
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
    amountMicros: 10_000_000,
    description: 'test',
  });
});
afterAll(() => server?.close());

const db = () => server.storage.db;

async function newJob(values: Partial<typeof transcriptions.$inferInsert> = {}): Promise<string> {
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
      ...values,
    });
  return id;
}

const LIMITS: JobLimits = {
  leaseSeconds: 30,
  stallSeconds: 900,
  maxAttempts: 3,
  maxRunningPerAccount: 4,
  maxAudioSeconds: 14_400,
};

/** The audio store's writes, which only a job that bleeps its audio uses (none here). */
const NO_WRITES = {
  stagingPath: () => Promise.reject(new Error('no job here writes audio')),
  putFile: () => Promise.reject(new Error('no job here writes audio')),
};

function deps(
  engine: SpeechEngine,
  finished: string[] = [],
  limits: Partial<JobLimits> = {},
): ProcessorDeps {
  return {
    db: db(),
    engine,
    blobs: { ...NO_WRITES, withFile: (key, fn) => fn(`/data/blobs/${key}`) },
    limits: { ...LIMITS, ...limits },
    onFinished: async (row) => void finished.push(row.status),
    log: (message) => logged.push(message),
    metrics,
  };
}

const metrics = createMetrics();

/** Engines killed for stalling so far, for one reason (`parlance_engine_stall_kills_total`). */
async function stallKills(reason: 'idle' | 'busy'): Promise<number> {
  const counted = (await metrics.engineStallKills.get()).values;
  return counted.find((value) => value.labels.reason === reason)?.value ?? 0;
}

const logged: string[] = [];

/** Debits the account down to `micros` of credit. */
async function leave(userId: string, micros: number): Promise<void> {
  const ledger = createLedger(db());
  const balance = await ledger.balance(userId);
  if (balance > micros)
    await ledger.debit({
      kind: 'adjustment',
      userId,
      amountMicros: balance - micros,
      description: 'test',
    });
}

const usageOf = (id: string) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.reference, id));

describe('processTranscription', () => {
  it('two workers on one job: one completes it, the other leaves it alone; charged once, notified once', async () => {
    const id = await newJob();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const finished: string[] = [];
    const engine = fakeEngine(async () => RESULT, gate);
    const first = processTranscription(deps(engine, finished), id);
    await expect
      .poll(async () => (await findTranscriptionById(db(), id))?.progressPercent)
      .toBe(40);
    expect(await processTranscription(deps(engine, finished), id)).toBe('gone');
    open();
    expect(await first).toBe('finished');
    expect(await processTranscription(deps(engine, finished), id)).toBe('gone'); // a late duplicate

    const row = await findTranscriptionById(db(), id);
    expect(row).toMatchObject({
      status: 'completed',
      costMicros: 20_000,
      audioDurationSeconds: 600,
      progressPercent: 100,
      attempts: 1,
    });
    expect(row?.result?.words).toEqual([]); // timestamp style 'segment' drops words
    expect(row?.result?.notice).toBeNull();
    expect(engine.calls).toBe(1);
    // Counted once in the metrics, with its latency and real-time factor.
    const model = row?.model ?? '';
    const completed = (await metrics.jobsFinished.get()).values.find(
      (v) => v.labels.model === model && v.labels.outcome === 'completed',
    );
    expect(completed?.value).toBe(1);
    const rtf = (await metrics.jobRealTimeFactor.get()).values.find(
      (v) => v.labels.model === model && v.metricName === 'parlance_job_real_time_factor_count',
    );
    expect(rtf?.value).toBe(1);
    expect(finished).toEqual(['completed']);
    const usage = await usageOf(id);
    expect(usage).toHaveLength(1);
    expect(usage[0]?.amountMicros).toBe(-20_000);
  });

  it('a worker that lost its lease (presumed dead) stops its engine and cannot complete or charge', async () => {
    const id = await newJob();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const stalled = fakeEngine(async () => RESULT, gate);
    const slow = processTranscription(deps(stalled, [], { leaseSeconds: 1 }), id);
    await expect
      .poll(async () => (await findTranscriptionById(db(), id))?.progressPercent)
      .toBe(40);
    // The sweeper would do this once the lease ran out; here the lease is made to run out.
    await db()
      .update(transcriptions)
      .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(transcriptions.id, id));
    expect(
      await processTranscription(deps(fakeEngine(async () => said('second worker'))), id),
    ).toBe('finished');
    await expect.poll(() => stalled.aborted, { timeout: 5000 }).toBe(true);
    expect(await slow).toBe('lost');
    open();
    const row = await findTranscriptionById(db(), id);
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
    expect(row?.result?.text).toBe('second worker');
    expect(await usageOf(id)).toHaveLength(1);
  });

  it('an engine that tells nothing and computes nothing for the stall limit is killed and the job handed back', async () => {
    const id = await newJob();
    // Tells its progress once, then nothing, ever, and uses no CPU (a wedged engine).
    const wedged = fakeEngine(async () => RESULT, new Promise(() => undefined));
    const limits = { leaseSeconds: 0.3, stallSeconds: 0.5 };
    const killsBefore = await stallKills('idle');
    await expect(processTranscription(deps(wedged, [], limits), id)).rejects.toBeInstanceOf(
      EngineUnavailableError,
    );
    expect(wedged.killed).toBe(true);
    expect(logged.at(-1)).toMatch(
      /the engine told nothing for \d+ s and computed nothing; killing it/,
    );
    expect(await stallKills('idle')).toBe(killsBefore + 1);
    // Handed back with the attempt counted; the retry finishes it.
    expect(await findTranscriptionById(db(), id)).toMatchObject({ status: 'queued', attempts: 1 });
    const retry = fakeEngine(async () => said('after the restart'));
    expect(await processTranscription(deps(retry, [], limits), id)).toBe('finished');
    expect(retry.killed).toBe(false);
  });

  it('a silent engine that computes is left to work, up to four stall limits', async () => {
    const id = await newJob();
    const busy = fakeEngine(async () => RESULT, new Promise(() => undefined));
    busy.computing = true;
    const limits = { leaseSeconds: 0.3, stallSeconds: 0.5 };
    const started = performance.now();
    const killsBefore = await stallKills('busy');
    await expect(processTranscription(deps(busy, [], limits), id)).rejects.toBeInstanceOf(
      EngineUnavailableError,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * 500);
    expect(logged.at(-1)).toMatch(/told nothing for \d+ s \(computing all along\); killing it/);
    expect(await stallKills('busy')).toBe(killsBefore + 1);
  });

  it('an engine that keeps telling its progress is never taken for stuck', async () => {
    const id = await newJob();
    const busy = fakeEngine(async () => RESULT);
    const answer = busy.transcribe;
    // Progress every 100 ms for 1.5 s, three times the stall limit, then the answer.
    busy.transcribe = async (path, options, onProgress, signal) => {
      for (let tick = 0; tick < 15; tick++) {
        onProgress({ percent: 40 + tick, stage: 'transcribing' });
        await sleep(100);
      }
      return answer(path, options, onProgress, signal);
    };
    const limits = { leaseSeconds: 0.3, stallSeconds: 0.5 };
    expect(await processTranscription(deps(busy, [], limits), id)).toBe('finished');
    expect(busy.killed).toBe(false);
    expect(await findTranscriptionById(db(), id)).toMatchObject({ status: 'completed' });
  });

  it('a job taken over goes on from what its last run had transcribed for good', async () => {
    const id = await newJob();
    const told = (window: number, position: number, text: string): Checkpoint => ({
      window,
      position,
      segments: [{ start: position - 5, end: position, text, language: 'en' }],
      words: [],
    });
    const first = [
      {
        ...told(0, 30, 'one'),
        state: {
          language: 'en',
          language_probability: 1,
          tentative_language: null,
          spoken: {},
          detected: {},
          language_fallback: false,
          untranscribed: [],
        },
      },
      told(0, 60, 'two'),
    ];
    const stalled = fakeEngine(async () => RESULT, new Promise(() => undefined), first);
    const slow = processTranscription(deps(stalled, [], { leaseSeconds: 1 }), id);
    // Written with the heartbeats, the second within the progress-write interval.
    await expect.poll(() => checkpointsOf(db(), id), { timeout: 5000 }).toEqual(first);
    expect((await findTranscriptionById(db(), id))?.partialText).toBeNull();
    await db()
      .update(transcriptions)
      .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(transcriptions.id, id));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const taker = fakeEngine(async () => RESULT, gate, [told(0, 90, 'three')]);
    const taking = processTranscription(deps(taker, [], { leaseSeconds: 1 }), id);
    await expect.poll(() => taker.options?.resume).toEqual(first);
    // It shows the text of the first run's checkpoints while it goes on, and writes its own after.
    await expect
      .poll(async () => (await findTranscriptionById(db(), id))?.partialText, { timeout: 5000 })
      .toBe('one two');
    await expect
      .poll(async () => (await checkpointsOf(db(), id)).length, { timeout: 5000 })
      .toBe(3);
    expect(logged).toContain(
      `transcription ${id} taken up at 60 s of its audio, where its last run had got to`,
    );
    const takenUp = (await metrics.jobAudioTakenUp.get()).values;
    expect(takenUp.find((v) => v.labels.model === 'tiny.en')?.value).toBeGreaterThanOrEqual(60);
    open();
    expect(await taking).toBe('finished');
    expect(await slow).toBe('lost');
    expect(await usageOf(id)).toHaveLength(1);
    // Once the job has ended, housekeeping deletes its checkpoints.
    expect((await purgeExpired(db())).checkpoints).toBeGreaterThanOrEqual(3);
    expect(await checkpointsOf(db(), id)).toEqual([]);
  });

  it('a redacting job stores no text until it is redacted: no partial text, no checkpoints', async () => {
    const id = await newJob({ redaction: { policies: ['credit_card_number'], sub: 'hash' } });
    const said = 'my card is 4111 1111 1111 1111';
    const segments = [{ start: 0, end: 30, text: said, language: 'en' }];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const engine = fakeEngine(async () => ({ ...RESULT, text: said, segments, words: [] }), gate, [
      { window: 0, position: 30, segments, words: [] },
    ]);
    const heard = engine.transcribe;
    engine.transcribe = (path, options, onProgress, signal) => {
      onProgress({ percent: 20, stage: 'transcribing', text: said });
      return heard(path, options, onProgress, signal);
    };
    const running = processTranscription(deps(engine, [], { leaseSeconds: 1 }), id);
    // Its progress is written (the checkpoint's with it), its text is not.
    await expect
      .poll(async () => (await findTranscriptionById(db(), id))?.progressPercent, { timeout: 5000 })
      .toBe(40);
    expect((await findTranscriptionById(db(), id))?.partialText).toBeNull();
    expect(await checkpointsOf(db(), id)).toEqual([]);
    open();
    expect(await running).toBe('finished');
    const row = await findTranscriptionById(db(), id);
    expect(row?.result?.text).toBe('my card is #### #### #### ####');
    expect(row?.result?.segments.map((s) => s.text)).toEqual(['my card is #### #### #### ####']);
  });

  it('masks profanity in an English transcript, and leaves another language as heard', async () => {
    const heard = async (language: string) => {
      const id = await newJob({ filterProfanity: true });
      const result = { ...said('oh shit'), language, words: [] };
      expect(await processTranscription(deps(fakeEngine(async () => result)), id)).toBe('finished');
      return (await findTranscriptionById(db(), id))?.result?.text;
    };
    expect(await heard('en')).toBe('oh s***');
    expect(await heard('de')).toBe('oh shit');
  });

  it('a number said across two segments is one tag in the text, one in each segment', async () => {
    const id = await newJob({
      redaction: { policies: ['credit_card_number'], sub: 'entity_name', audio: false },
    });
    const segments = ['My card is 4111 1111', '1111 1111. Thanks.'].map((text, k) => ({
      start: k,
      end: k + 1,
      text,
      language: 'en',
    }));
    const result = { ...RESULT, text: segments.map((s) => s.text).join(' '), segments, words: [] };
    expect(await processTranscription(deps(fakeEngine(async () => result)), id)).toBe('finished');
    const row = await findTranscriptionById(db(), id);
    expect(row?.result?.text).toBe('My card is [CREDIT_CARD_NUMBER]. Thanks.');
    expect(row?.result?.segments.map((s) => s.text)).toEqual([
      'My card is [CREDIT_CARD_NUMBER]',
      '[CREDIT_CARD_NUMBER]. Thanks.',
    ]);
  });

  it('joins the segments as their script is written: no space between Chinese ones', async () => {
    const id = await newJob();
    const segments = ['今天天气很好，', '我们走吧。', '好的。'].map((text, k) => ({
      start: k,
      end: k + 1,
      text,
      language: 'zh',
    }));
    // The engine spaces its segments whatever the script.
    const result = {
      ...RESULT,
      language: 'zh',
      text: segments.map((s) => s.text).join(' '),
      segments,
    };
    expect(await processTranscription(deps(fakeEngine(async () => result)), id)).toBe('finished');
    const row = await findTranscriptionById(db(), id);
    expect(row?.result?.text).toBe('今天天气很好，我们走吧。好的。');
  });

  it('a redacting job deleted while its audio is bleeped leaves no audio behind', async () => {
    const blobs = createLocalBlobStore(await mkdtemp(join(tmpdir(), 'parlance-bleep-')));
    const erasures = createErasures(db(), { warn: () => undefined } as never);
    erasures.register('blob', { collect: async () => [], erase: (key) => blobs.delete(key) });
    const id = await newJob({
      redaction: { policies: ['credit_card_number'], sub: 'hash', audio: true },
    });
    const key = `audio/${id}`;
    const staged = await blobs.stagingPath();
    await writeFile(staged, 'the audio, a card number said');
    await blobs.putFile(key, staged);
    let bleeping!: () => void;
    const started = new Promise<void>((resolve) => (bleeping = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const said = 'my card is 4111 1111 1111 1111';
    const engine = fakeEngine(async () => ({
      ...RESULT,
      duration: 5,
      text: said,
      words: said.split(' ').map((text, i) => ({ text, start: i, end: i + 0.8, confidence: 1 })),
    }));
    engine.bleep = async (_path, out) => {
      bleeping();
      await gate;
      await writeFile(out, 'the audio, a tone');
      return { duration: 5 };
    };
    const running = processTranscription({ ...deps(engine), blobs }, id);
    await started;
    expect(await deleteTranscriptionAndAudio(db(), erasures, userId, id)).toMatchObject({ id });
    open();
    expect(await running).toBe('lost');
    expect(await blobs.size(key)).toBeNull();
  });

  it('a cancelled job stops its engine within a heartbeat, uncharged', async () => {
    const id = await newJob();
    const engine = fakeEngine(async () => RESULT, new Promise(() => undefined));
    const running = processTranscription(deps(engine, [], { leaseSeconds: 1 }), id);
    await expect
      .poll(async () => (await findTranscriptionById(db(), id))?.status)
      .toBe('processing');
    expect(
      await cancelTranscription(db(), userId, id, 'Cancelled: the client went away'),
    ).toBeDefined();
    expect(await running).toBe('lost');
    expect(engine.aborted).toBe(true);
    expect(await findTranscriptionById(db(), id)).toMatchObject({
      status: 'error',
      errorMessage: 'Cancelled: the client went away',
    });
    expect(await usageOf(id)).toHaveLength(0);
  });

  it('an engine error fails the job, uncharged, with a plain message; the detail goes to the log', async () => {
    const id = await newJob();
    const engine = fakeEngine(async () => {
      throw new EngineRequestError(
        'decode_failed',
        `audio broke off at 3 s: /data/blobs/audio/${id} (Invalid data found when processing input)`,
      );
    });
    expect(await processTranscription(deps(engine), id)).toBe('finished');
    const row = await findTranscriptionById(db(), id);
    expect(row?.status).toBe('error');
    expect(row?.errorMessage).toBe(
      'Transcription failed: the audio could not be decoded past a damaged part of the file.',
    );
    expect(row?.costMicros).toBeNull();
    expect(await usageOf(id)).toHaveLength(0);
  });

  it('any other failure (engine internals, database) shows a generic line and logs the detail', async () => {
    const id = await newJob();
    const engine = fakeEngine(async () => {
      throw new Error('relation "transcriptions" violates check constraint at /srv/app/x.ts');
    });
    await processTranscription(deps(engine), id);
    const row = await findTranscriptionById(db(), id);
    expect(row?.errorMessage).toBe(
      'Transcription failed: something went wrong on our side. Nothing was charged; please try again.',
    );
    expect(logged.some((line) => line.includes(id) && line.includes('check constraint'))).toBe(
      true,
    );
  });

  it('an engine crash hands the job back to the queue, and fails it on the last attempt', async () => {
    const id = await newJob();
    const crash = fakeEngine(async () => {
      throw new EngineUnavailableError('speech engine exited (signal SIGKILL)');
    });
    const limits = { maxAttempts: 2 };
    await expect(processTranscription(deps(crash, [], limits), id)).rejects.toBeInstanceOf(
      EngineUnavailableError,
    );
    expect(await findTranscriptionById(db(), id)).toMatchObject({
      status: 'queued',
      leaseToken: null,
    });
    expect(await processTranscription(deps(crash, [], limits), id)).toBe('finished');
    expect(await findTranscriptionById(db(), id)).toMatchObject({ status: 'error', attempts: 2 });
    expect(await usageOf(id)).toHaveLength(0);
  });

  it('an audio store that cannot be reached: the job waits for it, however often, then completes once', async () => {
    const id = await newJob();
    const engine = fakeEngine(async () => RESULT);
    let outages = 5; // more than its attempts: an outage never uses them up
    const storeDown = {
      ...deps(engine),
      blobs: {
        ...NO_WRITES,
        withFile: <T>(key: string, fn: (path: string) => Promise<T>) => {
          if (outages-- > 0)
            return Promise.reject(
              new BlobStoreUnavailable('fetch the audio', new Error('ECONNREFUSED')),
            );
          return fn(`/data/blobs/${key}`);
        },
      },
    };
    for (let i = 0; i < 5; i++) {
      await expect(processTranscription(storeDown, id)).rejects.toBeInstanceOf(
        BlobStoreUnavailable,
      );
      expect(await findTranscriptionById(db(), id)).toMatchObject({
        status: 'queued',
        leaseToken: null,
        attempts: 0,
      });
    }
    expect(await processTranscription(storeDown, id)).toBe('finished');
    expect(await findTranscriptionById(db(), id)).toMatchObject({
      status: 'completed',
      attempts: 1,
    });
    expect(await usageOf(id)).toHaveLength(1);
    expect(engine.calls).toBe(1);
  });

  it("decodes with the beam of the job's quality: greedy when fast, 5 otherwise", async () => {
    for (const [quality, beamSize] of [
      ['fast', 1],
      ['balanced', 5],
      ['best', 5],
    ] as const) {
      const id = await newJob({ quality });
      const engine = fakeEngine(async () => RESULT);
      expect(await processTranscription(deps(engine), id)).toBe('finished');
      expect(engine.options?.beamSize, quality).toBe(beamSize);
    }
  });

  it('the engine is capped at the duration limit, and a file longer than its header is charged for what decoded, saying so', async () => {
    const id = await newJob({ audioDurationSeconds: 2 });
    const engine = fakeEngine(async () => ({ ...RESULT, duration: 600, truncated: true }));
    await processTranscription(deps(engine, [], { maxAudioSeconds: 600 }), id);
    expect(engine.options?.maxSeconds).toBe(600);
    const row = await findTranscriptionById(db(), id);
    expect(row).toMatchObject({
      status: 'completed',
      audioDurationSeconds: 600,
      costMicros: 20_000,
    });
    expect(row?.result?.notice).toBe(
      'Only the first 10 min of the audio were transcribed and charged: the audio is longer than the limit of 10 min (the file said it held 2 s).',
    );
    expect(await usageOf(id)).toHaveLength(1);
  });

  it('says where speech gave no words, never dropping it silently', async () => {
    const id = await newJob({ audioDurationSeconds: 600 });
    const untranscribed = [
      { start: 62, end: 70.5 },
      { start: 100, end: 102 },
      { start: 130, end: 131.5 },
      { start: 400, end: 404 },
    ];
    await processTranscription(deps(fakeEngine(async () => ({ ...RESULT, untranscribed }))), id);
    const row = await findTranscriptionById(db(), id);
    expect(row?.status).toBe('completed');
    expect(row?.result?.notice).toBe(
      'No words came from 16 s of what sounded like speech (1:02–1:10, 1:40–1:42, 2:10–2:11 and 1 more): noise, or speech the model could not make out.',
    );
    expect(untranscribedNotice([])).toBeNull();
  });

  it('the engine stops at what the account can pay, less what its other jobs hold', async () => {
    const thrifty = (await signUp(server)).user.id;
    await leave(thrifty, 20_000); // $0.02 = 600 s of tiny.en
    // Another unfinished job of the account holds 300 s ($0.01) of it.
    await newJob({ userId: thrifty, audioDurationSeconds: 300 });
    const id = await newJob({ userId: thrifty, audioDurationSeconds: 2 });
    const engine = fakeEngine(async () => ({ ...RESULT, duration: 300, truncated: true }));
    await processTranscription(deps(engine), id);
    expect(engine.options?.maxSeconds).toBe(300);
    const row = await findTranscriptionById(db(), id);
    expect(row?.result?.notice).toBe(
      'Only the first 5 min of the audio were transcribed and charged: your balance covers no more (the file said it held 2 s).',
    );
    expect(await usageOf(id)).toHaveLength(1);
  });

  it('two jobs whose files claimed 2 s finish together: the one past the monthly limit fails, uncharged', async () => {
    const limited = (await signUp(server)).user.id;
    await leave(limited, 10_000_000);
    await setMonthlyLimit(db(), limited, 20_000, new Date()); // 600 s of tiny.en
    const [first, second] = [
      await newJob({ userId: limited, audioDurationSeconds: 2 }),
      await newJob({ userId: limited, audioDurationSeconds: 2 }),
    ];
    // Each started while the other held only its claimed 2 s; each holds 500 s of speech.
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const engines = [0, 1].map(() => fakeEngine(async () => ({ ...RESULT, duration: 500 }), gate));
    const running = [first, second].map((id, i) =>
      processTranscription(deps(engines[i] as SpeechEngine), id as string),
    );
    await expect.poll(() => engines.every((engine) => engine.calls === 1)).toBe(true);
    expect(engines.map((engine) => engine.options?.maxSeconds)).toEqual([597, 597]);
    release();
    await Promise.all(running);
    const rows = await Promise.all([first, second].map((id) => findTranscriptionById(db(), id!)));
    expect(rows.map((row) => row?.status).sort()).toEqual(['completed', 'error']);
    const failed = rows.find((row) => row?.status === 'error');
    expect(failed?.errorMessage).toMatch(
      /^Your account's monthly spending limit of \$0\.02 is reached/,
    );
    expect(failed?.costMicros).toBeNull();
    const spent = await createLedger(db()).usageSince(limited, null, new Date(0));
    expect(spent.account).toBe(priceForSeconds('tiny.en', 500));
  });

  it('a multichannel job stops each channel where all of them together stay paid for', async () => {
    const thrifty = (await signUp(server)).user.id;
    await leave(thrifty, 1000); // $0.001 = 30 s of tiny.en: 30/7 s of each of 7 channels
    const id = await newJob({ userId: thrifty, audioDurationSeconds: 2, audioChannels: 7 });
    // As the engine does: the cap in whole 16 kHz samples, the duration to the millisecond.
    const engine = fakeEngine(async () => {
      const samples = Math.round(engine.options!.maxSeconds! * 16_000);
      return { ...RESULT, duration: Math.round(samples / 16) / 1000, truncated: true };
    });
    expect(await processTranscription(deps(engine), id)).toBe('finished');
    expect(engine.calls).toBe(7);
    expect(engine.options?.maxSeconds).toBe(4.285);
    const row = await findTranscriptionById(db(), id);
    expect(row?.status).toBe('completed');
    expect(row?.costMicros).toBe(1000);
    expect(await createLedger(db()).balance(thrifty)).toBe(0);
    const [usage] = await usageOf(id);
    expect(usage?.description).toBe('Transcription of a.wav (30 s over 7 channels, tiny.en)');
  });

  it('a multichannel job redacts each channel apart: a number across the other’s "mm-hm" too', async () => {
    const blobs = createLocalBlobStore(await mkdtemp(join(tmpdir(), 'parlance-channels-')));
    const id = await newJob({
      audioChannels: 2,
      timestampStyle: 'word',
      redaction: { policies: ['credit_card_number'], sub: 'hash', audio: true },
    });
    const staged = await blobs.stagingPath();
    await writeFile(staged, 'a call');
    await blobs.putFile(`audio/${id}`, staged);
    const timed = (text: string, from: number) =>
      text.split(' ').map((word, i) => ({
        text: word,
        start: from + i,
        end: from + i + 0.8,
        confidence: 1,
      }));
    const said = (text: string, from: number): EngineResult => ({
      ...RESULT,
      duration: 10,
      text,
      segments: [{ start: from, end: from + 5, text, language: 'en' }],
      words: timed(text, from),
    });
    // The card's digits are said at 3-7 s on the first channel, "mm-hm" at 4.5 s on the second.
    const engine = fakeEngine(async () =>
      engine.options?.channel === 2
        ? said('mm-hm', 4.5)
        : said('my card is 4111 1111 1111 1111', 0),
    );
    const bleeped: { start: number; end: number }[] = [];
    engine.bleep = async (_path, out, spans) => {
      bleeped.push(...spans);
      await writeFile(out, 'a call, with a tone');
      return { duration: 10 };
    };
    expect(await processTranscription({ ...deps(engine), blobs }, id)).toBe('finished');
    const result = (await findTranscriptionById(db(), id))?.result;
    expect(result?.words.map((word) => [word.text, word.channel])).toEqual([
      ['my', '1'],
      ['card', '1'],
      ['is', '1'],
      ['####', '1'],
      ['####', '1'],
      ['mm-hm', '2'],
      ['####', '1'],
      ['####', '1'],
    ]);
    expect(JSON.stringify(result)).not.toMatch(/4111|1111/);
    // A tone over the card's words (padded 0.1 s), and only over them, on either channel.
    const card = bleeped.find((span) => span.start < 7);
    expect(card?.start).toBeCloseTo(2.9);
    expect(card?.end).toBeCloseTo(6.9);
  });

  it('an account with nothing left to spend fails at once with the credits message, uncharged', async () => {
    const poor = (await signUp(server)).user.id;
    await leave(poor, 0);
    const id = await newJob({ userId: poor, audioDurationSeconds: 600 });
    const engine = fakeEngine(async () => RESULT);
    await processTranscription(deps(engine), id);
    expect(engine.calls).toBe(0);
    const row = await findTranscriptionById(db(), id);
    expect(row?.status).toBe('error');
    expect(row?.errorMessage).toMatch(
      /^Insufficient credits: this transcription costs \$0\.02 but your balance is \$0\.00/,
    );
    expect(await createLedger(db()).balance(poor)).toBe(0);
  });

  it('one account holds at most its share of running jobs; the next waits queued and is woken when one ends', async () => {
    const busy = (await signUp(server)).user.id;
    await createLedger(db()).credit({
      kind: 'adjustment',
      userId: busy,
      amountMicros: 1_000_000,
      description: 'test',
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = await newJob({ userId: busy });
    const second = await newJob({ userId: busy });
    const limits = { maxRunningPerAccount: 1 };
    const running = processTranscription(
      deps(
        fakeEngine(async () => RESULT, gate),
        [],
        limits,
      ),
      first,
    );
    await expect
      .poll(async () => (await findTranscriptionById(db(), first))?.status)
      .toBe('processing');
    const quick = () =>
      processTranscription(
        deps(
          fakeEngine(async () => RESULT),
          [],
          limits,
        ),
        second,
      );
    expect(await quick()).toBe('deferred');
    expect((await findTranscriptionById(db(), second))?.status).toBe('queued');
    const waiting = {
      queue: TRANSCRIBE_QUEUE,
      graceSeconds: 0,
      maxRunning: 1,
      userId: busy,
      limit: 10,
    };
    expect(await orphanedQueuedJobs(db(), waiting)).toEqual([]); // its slot is taken: not yet
    open();
    await running;
    expect((await orphanedQueuedJobs(db(), waiting)).map((job) => job.id)).toEqual([second]);
    expect(await quick()).toBe('finished');
  });
});

describe('queue position', () => {
  it('counts only the jobs that will start first: another account waits behind its own running share', async () => {
    const frank = (await signUp(server)).user.id;
    const gina = (await signUp(server)).user.id;
    // Long ago, so that no other test's queued job is ahead of these.
    const at = (second: number) => ({ createdAt: new Date(Date.UTC(2000, 0, 1, 0, 0, second)) });
    for (let i = 0; i < 6; i++) await newJob({ userId: frank, ...at(i) });
    await newJob({ userId: gina, ...at(7) });
    const ginasSecond = await newJob({ userId: gina, ...at(8) });
    const row = await findTranscriptionById(db(), ginasSecond);
    if (!row) throw new Error('no row');
    // Frank may run 4 at once: 4 of his 6 start before Gina's jobs; her own first one does too.
    expect(await queuePosition(db(), row, 4)).toBe(5);
    // One of Frank's jobs already runs: only 3 more of his can start first.
    await newJob({
      userId: frank,
      status: 'processing',
      leaseExpiresAt: new Date(Date.now() + 60_000),
      ...at(9),
    });
    expect(await queuePosition(db(), row, 4)).toBe(4);
    expect(await queuePosition(db(), row, 100)).toBe(7); // no cap that binds: plain FIFO
    // Out of the way of the next suite's positions.
    await db()
      .delete(transcriptions)
      .where(inArray(transcriptions.userId, [frank, gina]));
  });
});

describe('the sweeper', () => {
  it("takes a dead worker's job back to the queue, and ends it as an uncharged error once its attempts are used up", async () => {
    const expired = new Date(Date.now() - 1000);
    const dead = {
      status: 'processing' as const,
      leaseToken: randomUUID(),
      leaseExpiresAt: expired,
    };
    const retry = await newJob({ ...dead, attempts: 1 });
    const exhausted = await newJob({ ...dead, attempts: 3 });
    const alive = await newJob({
      ...dead,
      attempts: 1,
      leaseExpiresAt: new Date(Date.now() + 60_000),
    });
    const { requeued, failed } = await reclaimExpiredLeases(db(), 3, exhaustedMessage(3));
    expect(requeued.map((job) => job.id)).toEqual([retry]);
    expect(failed.map((job) => job.id)).toEqual([exhausted]);
    expect(await findTranscriptionById(db(), retry)).toMatchObject({
      status: 'queued',
      leaseToken: null,
    });
    expect(await findTranscriptionById(db(), exhausted)).toMatchObject({
      status: 'error',
      errorMessage:
        'Transcription failed: the worker processing this audio stopped on each of 3 attempts. Nothing was charged.',
    });
    expect((await findTranscriptionById(db(), alive))?.status).toBe('processing');
    expect(await usageOf(exhausted)).toHaveLength(0);
  });

  it('finds a queued job that has no queue message, and not one that has', async () => {
    const erin = await customer(server, 100);
    const longAgo = new Date(Date.now() - 60_000);
    const orphan = await newJob({ userId: erin.userId, queuedAt: longAgo });
    await newJob({ userId: erin.userId }); // queued just now: inside the grace period
    const submitted = await submit(server, erin, {}, fixture('LJ002-0035.wav'));
    expect(submitted.status).toBe(202);
    await db()
      .update(transcriptions)
      .set({ queuedAt: longAgo })
      .where(eq(transcriptions.id, submitted.body.id));
    const found = await orphanedQueuedJobs(db(), {
      queue: TRANSCRIBE_QUEUE,
      graceSeconds: 5,
      maxRunning: 4,
      userId: erin.userId,
      limit: 100,
    });
    // The submission sent its own message; the fresh row is inside the grace period.
    expect(found.map((job) => job.id)).toEqual([orphan]);
  });
});

describe('while jobs wait (this server runs no workers)', () => {
  it('reports queue positions in order and holds credit for queued jobs at submission', async () => {
    const carol = await customer(server, 1);
    const dave = await customer(server, 100);
    const first = await submit(server, carol, { language: 'en' }, fixture('LJ002-0035.wav'));
    expect(first.status).toBe(202);
    expect(first.body.model).toBe('tiny.en');
    const ahead = first.body.queue_position as number; // jobs other tests left queued
    const second = await submit(server, dave, {}, fixture('LJ002-0035.wav'));
    expect(second.body.queue_position).toBe(ahead + 1);

    // Leave Carol her first job's cost and half as much again: the first job holds the cost.
    const cost = priceForSeconds('tiny.en', first.body.audio_duration as number);
    const left = cost + Math.floor(cost / 2);
    await leave(carol.userId, left);
    const refused = await submit(server, carol, { language: 'en' }, fixture('LJ002-0035.wav'));
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      `Insufficient credits: this transcription costs ${formatUsd(cost)} but your balance is ${formatUsd(left)}, ${formatUsd(cost)} of it held for jobs in progress.`,
    );
    const polled = await server
      .client()
      .get(`/v1/transcript/${second.body.id}`, { headers: dave.auth });
    expect(polled.body).toMatchObject({
      status: 'queued',
      queue_position: ahead + 1,
      progress: { percent: 0, stage: 'queued' },
    });
  });

  it('GET with ?wait= answers as soon as the job finishes, else with its state when the time is up', async () => {
    const erin = await customer(server, 100);
    const job = await submit(server, erin, { language: 'en' }, fixture('LJ002-0035.wav'));
    const id = job.body.id as string;
    const get = (query: string) =>
      server.client().get(`/v1/transcript/${id}${query}`, { headers: erin.auth });

    let t0 = Date.now();
    const timedOut = await get('?wait=1');
    expect(timedOut.status).toBe(200);
    expect(timedOut.body.status).toBe('queued');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);

    t0 = Date.now();
    const waiting = get('?wait=20');
    await sleep(500);
    // A worker of another process (this test's) finishes it: the waiting GET sees it at its next read.
    expect(await processTranscription(deps(fakeEngine(async () => RESULT)), id)).toBe('finished');
    const done = await waiting;
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(done.body.result.text).toBe(RESULT.text);
    expect(Date.now() - t0).toBeLessThan(10_000);

    // Finished already, or someone else's: no wait at all.
    t0 = Date.now();
    expect((await get('?wait=20')).body.status).toBe('completed');
    const other = await customer(server, 1);
    const foreign = await server
      .client()
      .get(`/v1/transcript/${id}?wait=20`, { headers: other.auth });
    expect(foreign.status).toBe(404);
    expect(Date.now() - t0).toBeLessThan(5_000);

    for (const wait of ['21', '-1', 'soon', '1.5']) {
      const bad = await get(`?wait=${wait}`);
      expect(bad.status, wait).toBe(400);
      expect(bad.body.message, wait).toMatch(/wait/);
    }
  });

  it('a job deleted while a GET waits for it is answered 404 at once', async () => {
    const fay = await customer(server, 100);
    const job = await submit(server, fay, { language: 'en' }, fixture('LJ002-0035.wav'));
    const t0 = Date.now();
    const waiting = server
      .client()
      .get(`/v1/transcript/${job.body.id}?wait=20`, { headers: fay.auth });
    await sleep(500);
    expect(
      (
        await server
          .client()
          .delete(`/v1/transcript/${job.body.id}`, undefined, { headers: fay.auth })
      ).status,
    ).toBe(200);
    const gone = await waiting;
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Transcript not found');
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('a server shutting down answers its waiting GETs at once, with the job as it is', async () => {
    // Closed once the GET has reached the server: a request after that is answered 503.
    let arrived = () => undefined as void;
    const waitArrived = new Promise<void>((resolve) => (arrived = resolve));
    const stopping = await startTranscriptionServer(
      { EMBEDDED_WORKERS: 'false' },
      {
        configure: (app) => {
          app.addHook('onRequest', async (request) => {
            if (request.url.includes('?wait=')) arrived();
          });
        },
      },
    );
    let closed = false;
    try {
      const hal = await customer(stopping, 100);
      const job = await submit(stopping, hal, { language: 'en' }, fixture('LJ002-0035.wav'));
      const waiting = stopping
        .client()
        .get(`/v1/transcript/${job.body.id}?wait=20`, { headers: hal.auth });
      await waitArrived;
      const t0 = Date.now();
      await stopping.close();
      closed = true;
      const answer = await waiting;
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('queued');
      // Without the early answer, close() would wait out the 20 s.
      expect(Date.now() - t0).toBeLessThan(10_000);
    } finally {
      if (!closed) await stopping.close();
    }
  });

  // Timed: on a loaded machine (another test file's engines on the 2 cores) the 20 waits were
  // once not all in place after 500 ms (2026-12-01). A failure runs it once more.
  it(
    'an account waits in at most 20 GETs at once; more answer without waiting',
    { retry: 1 },
    async () => {
      const gus = await customer(server, 100);
      const job = await submit(server, gus, { language: 'en' }, fixture('LJ002-0035.wav'));
      const get = () =>
        server.client().get(`/v1/transcript/${job.body.id}?wait=3`, { headers: gus.auth });
      const waiting = Array.from({ length: 20 }, get);
      await sleep(500);
      const t0 = Date.now();
      const extra = await get();
      expect(extra.status).toBe(200);
      expect(extra.body.status).toBe('queued');
      expect(Date.now() - t0).toBeLessThan(2_000);
      for (const res of await Promise.all(waiting)) expect(res.body.status).toBe('queued');
      // The waits have ended: the next one waits again.
      const t1 = Date.now();
      await get();
      expect(Date.now() - t1).toBeGreaterThanOrEqual(3_000);
    },
  );
});

/** The OpenAI-compatible endpoint, driven by the official `openai` SDK against the real engine. */
import { execFile, execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { abandonTranscription, markTextStreamed } from '../src/transcription/jobs/repository.js';
import { ledgerEntries } from '../src/db/schema/billing.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import { pythonTool } from '../scripts/pythonTools.js';
import type { TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

const run = promisify(execFile);

let server: TestServer;
let alice: Customer;
let openai: OpenAI;
/** jfk.wav three times over (about 33 s): long enough to still be running when a test acts on it. */
let longClip: string;

const sdk = (who: Customer, options: { fetch?: typeof fetch; maxRetries?: number } = {}) =>
  new OpenAI({
    apiKey: who.auth.authorization.replace('Bearer ', ''),
    baseURL: `${server.url}/v1`,
    maxRetries: 0,
    ...options,
  });

const jobsOf = (userId: string) =>
  server.storage.db
    .select()
    .from(transcriptions)
    .where(eq(transcriptions.userId, userId))
    .orderBy(asc(transcriptions.createdAt));

const usageOf = (jobId: string) =>
  server.storage.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, jobId));

/** Until `who` has `count` jobs: the server has accepted the call. */
const accepted = (who: Customer, count = 1) =>
  expect.poll(async () => (await jobsOf(who.userId)).length, { timeout: 30_000 }).toBe(count);

beforeAll(async () => {
  server = await startTranscriptionServer();
  alice = await customer(server, 200);
  openai = sdk(alice);
  longClip = join(await mkdtemp(join(tmpdir(), 'parlance-openai-')), 'long.wav');
  execFileSync('sox', [...Array(3).fill(fixture('jfk.wav')), longClip]);
});
afterAll(async () => {
  await server?.close();
  if (longClip) await rm(dirname(longClip), { recursive: true, force: true });
});

describe('GET /v1/models (openai SDK)', () => {
  it("models.list() lists the installed models in OpenAI's shape", async () => {
    const models = [];
    for await (const model of openai.models.list()) models.push(model);
    expect(models.map((model) => model.id).sort()).toEqual(['base', 'tiny.en']);
    expect(models[0]).toMatchObject({ object: 'model', owned_by: 'openai' });
  });
});

describe('POST /v1/audio/transcriptions (openai SDK)', () => {
  it('json: whisper-1 maps to the default model for the language and answers synchronously', async () => {
    const result = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.wav')),
      model: 'whisper-1',
    });
    expect(result.text.toLowerCase()).toContain('ask not what your country can do for you');
    const list = await alice.api.get('/api/transcript/user');
    // No language: the multilingual default, which detects it.
    expect(list.body.transcriptions[0]).toMatchObject({
      model: 'base',
      status: 'completed',
      fileName: 'jfk.wav',
    });
    await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.wav')),
      model: 'whisper-1',
      language: 'en',
    });
    expect((await alice.api.get('/api/transcript/user')).body.transcriptions[0]).toMatchObject({
      model: 'tiny.en',
      status: 'completed',
      fileName: 'jfk.wav',
    });
  });

  it('verbose_json with word and segment timestamps', async () => {
    const result = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.mp3')),
      model: 'tiny.en',
      language: 'en',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    expect(result.language).toBe('en');
    expect(result.duration).toBeCloseTo(11, 0);
    expect(result.words?.[0]).toMatchObject({
      word: expect.any(String),
      start: expect.any(Number),
      end: expect.any(Number),
    });
    expect(result.segments?.[0]).toMatchObject({ id: 0, start: 0, text: expect.any(String) });
  });

  it('text and srt come back as plain strings', async () => {
    const text = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('LJ002-0035.wav')),
      model: 'whisper-1',
      response_format: 'text',
    });
    expect(typeof text).toBe('string');
    expect(text.toLowerCase()).toContain('press yard');
    const srt = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('LJ002-0035.wav')),
      model: 'whisper-1',
      response_format: 'srt',
    });
    expect(srt).toMatch(/^1\n00:00:00,\d{3} --> /);
  });

  it('gives the prompt to the model as its initial prompt', async () => {
    const shouted = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.wav')),
      model: 'whisper-1',
      language: 'en',
      prompt: 'ASK NOT WHAT YOUR COUNTRY CAN DO FOR YOU',
    });
    // Capitals the unprompted model never writes (its first words may keep their case: how far the
    // prompt's style reaches differs between CPUs' int8 kernels).
    expect(shouted.text).toContain('ASK NOT WHAT YOUR COUNTRY CAN DO FOR YOU');
    expect(shouted.text).toContain('ASK WHAT YOU CAN DO FOR YOUR COUNTRY');

    const tooLong = await openai.audio.transcriptions
      .create({
        file: createReadStream(fixture('jfk.wav')),
        model: 'whisper-1',
        prompt: 'x'.repeat(1001),
      })
      .catch((e: unknown) => e);
    expect(tooLong).toBeInstanceOf(OpenAI.BadRequestError);
    expect((tooLong as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      message: 'prompt must be at most 1000 characters',
      code: 'invalid_prompt',
    });
  });

  it("errors use OpenAI's shape and map to the SDK's error classes", async () => {
    const badKey = new OpenAI({
      apiKey: 'pk_live_wrong',
      baseURL: `${server.url}/v1`,
      maxRetries: 0,
    });
    const unauthorized = await badKey.audio.transcriptions
      .create({ file: createReadStream(fixture('jfk.wav')), model: 'whisper-1' })
      .catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((unauthorized as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      param: null,
    });

    const badModel = await openai.audio.transcriptions
      .create({ file: createReadStream(fixture('jfk.wav')), model: 'gpt-4o-transcribe' })
      .catch((e: unknown) => e);
    expect(badModel).toBeInstanceOf(OpenAI.BadRequestError);
    expect((badModel as InstanceType<typeof OpenAI.APIError>).message).toContain('Unknown model');

    const broke = sdk(await customer(server, 0));
    const noCredit = await broke.audio.transcriptions
      .create({ file: createReadStream(fixture('jfk.wav')), model: 'whisper-1' })
      .catch((e: unknown) => e);
    expect(noCredit).toBeInstanceOf(OpenAI.APIError);
    expect(noCredit).toMatchObject({
      status: 402,
      error: { type: 'insufficient_quota', code: 'insufficient_credits' },
    });
  });
});

describe('stream=true (openai SDK)', () => {
  it('streams transcript.text.delta events while the job runs, then transcript.text.done', async () => {
    const erin = await customer(server, 200);
    // jfk.wav six times over (66 s, three of Whisper's 30 s passes): the text of the first pass is
    // told while two more are decoded, however fast the machine (with two passes, the second
    // could end within one poll of the first, under load).
    const longer = join(dirname(longClip), 'longer.wav');
    execFileSync('sox', [...Array(6).fill(fixture('jfk.wav')), longer]);
    const stream = await sdk(erin).audio.transcriptions.create({
      file: createReadStream(longer),
      model: 'whisper-1',
      language: 'en', // tiny.en: the test is about the stream, not the model
      stream: true,
    });
    const deltas: string[] = [];
    let statusAtFirstDelta: string | undefined;
    let done: OpenAI.Audio.TranscriptionTextDoneEvent | undefined;
    for await (const event of stream) {
      if (event.type === 'transcript.text.delta') {
        if (deltas.length === 0) statusAtFirstDelta = (await jobsOf(erin.userId))[0]?.status;
        deltas.push(event.delta);
      } else if (event.type === 'transcript.text.done') {
        done = event;
      }
    }
    // Text arrives in pieces, the first while the rest is decoded.
    expect(deltas.length).toBeGreaterThan(1);
    expect(statusAtFirstDelta).toBe('processing');
    expect(done?.type).toBe('transcript.text.done');
    expect(deltas.join('')).toBe(done?.text);
    expect(done?.text.toLowerCase().match(/ask not what your country/g)?.length).toBeGreaterThan(1);
    expect(done?.usage).toEqual({ type: 'duration', seconds: 66 });
    const [job] = await jobsOf(erin.userId);
    expect(job).toMatchObject({ status: 'completed', partialText: null });
    expect(await usageOf(job!.id)).toHaveLength(1);
  });

  it("OpenAI's Python SDK receives the same events", async () => {
    const frank = await customer(server, 200);
    const { stdout } = await run(pythonTool('python'), [
      fileURLToPath(new URL('./clients/openai_stream.py', import.meta.url)),
      `${server.url}/v1`,
      frank.auth.authorization.replace('Bearer ', ''),
      fixture('jfk.wav'),
    ]);
    const events = JSON.parse(stdout) as { type: string; delta?: string; text?: string }[];
    const deltas = events.filter((e) => e.type === 'transcript.text.delta');
    const done = events.at(-1);
    expect(deltas.length).toBeGreaterThan(0);
    expect(done).toMatchObject({ type: 'transcript.text.done', usage: { seconds: 11 } });
    expect(deltas.map((e) => e.delta).join('')).toBe(done?.text);
    expect(done?.text?.toLowerCase()).toContain('ask not what your country can do for you');
  });

  it('refuses formats a stream cannot carry, before anything is sent', async () => {
    const refused = await openai.audio.transcriptions
      .create({
        file: createReadStream(fixture('jfk.wav')),
        model: 'whisper-1',
        stream: true,
        response_format: 'srt' as 'json',
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      code: 'invalid_response_format',
      message: expect.stringContaining('stream=true'),
    });
  });
});

describe('abandoned calls and retries', () => {
  it('a caller that disconnects cancels its job: never charged, balance unchanged', async () => {
    const dave = await customer(server, 200);
    const ledger = createLedger(server.storage.db);
    const before = await ledger.balance(dave.userId);
    const leaving = new AbortController();
    const call = sdk(dave)
      .audio.transcriptions.create(
        { file: createReadStream(longClip), model: 'whisper-1', language: 'en' },
        { signal: leaving.signal },
      )
      .catch((e: unknown) => e);
    await accepted(dave);
    leaving.abort();
    expect(await call).toBeInstanceOf(OpenAI.APIUserAbortError);
    const [job] = await jobsOf(dave.userId);
    await expect
      .poll(async () => (await jobsOf(dave.userId))[0]?.status, { timeout: 10_000 })
      .toBe('error');

    // One worker slot: once a job queued behind it has completed, the worker is done with it.
    const next = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.wav')),
      model: 'whisper-1',
    });
    expect(next.text.toLowerCase()).toContain('ask not');
    expect((await jobsOf(dave.userId))[0]).toMatchObject({
      status: 'error',
      progressStage: 'cancelled',
      errorMessage: expect.stringContaining('closed the connection'),
    });
    expect(await usageOf(job!.id)).toEqual([]);
    expect(await ledger.balance(dave.userId)).toBe(before);
  });

  it('text streamed is paid for: leaving after the first delta lets the job finish and charges it', async () => {
    // The attack it closes: read the deltas, drop the connection just before the end, and the
    // job was cancelled uncharged, though most of its text had been received.
    const gina = await customer(server, 200);
    const stream = await sdk(gina).audio.transcriptions.create({
      file: createReadStream(longClip),
      model: 'whisper-1',
      language: 'en',
      stream: true,
    });
    let received = '';
    for await (const event of stream) {
      if (event.type !== 'transcript.text.delta') continue;
      received = event.delta;
      break;
    }
    expect(received).not.toBe('');
    // Nor can the running job be deleted to the same end.
    const [running] = await jobsOf(gina.userId);
    await expect
      .poll(async () => (await jobsOf(gina.userId))[0]?.textStreamedAt, { timeout: 10_000 })
      .not.toBeNull();
    const deleting = await server
      .client()
      .delete(`/v1/transcript/${running!.id}`, undefined, { headers: gina.auth });
    expect(deleting.status).toBe(409);
    expect(deleting.body.code).toBe('transcription_streamed');
    stream.controller.abort();
    await expect
      .poll(async () => (await jobsOf(gina.userId))[0]?.status, { timeout: 60_000 })
      .toBe('completed');
    const [job] = await jobsOf(gina.userId);
    expect(job?.result?.text.startsWith(received)).toBe(true);
    expect(job?.costMicros).toBeGreaterThan(0);
    expect(await usageOf(job!.id)).toHaveLength(1);
  });

  it('a job whose text was streamed is not cancelled by a caller leaving, from any process', async () => {
    const hal = await customer(server, 200);
    const [job] = await server.storage.db
      .insert(transcriptions)
      .values({ userId: hal.userId, model: 'tiny.en', source: 'upload', status: 'processing' })
      .returning();
    await markTextStreamed(server.storage.db, job!.id);
    expect(await abandonTranscription(server.storage.db, hal.userId, job!.id, 'gone')).toBe(
      undefined,
    );
    expect((await jobsOf(hal.userId))[0]).toMatchObject({
      status: 'processing',
      errorMessage: null,
    });
  });

  it('the same Idempotency-Key joins the running job and returns its result: one job, one charge', async () => {
    const erin = await customer(server, 200);
    const client = sdk(erin);
    const withKey = { headers: { 'Idempotency-Key': 'openai-same-call' } };
    const transcribe = () =>
      client.audio.transcriptions.create(
        { file: createReadStream(longClip), model: 'whisper-1', language: 'en' },
        withKey,
      );
    const first = transcribe();
    await accepted(erin);
    expect((await jobsOf(erin.userId))[0]?.status).not.toBe('completed');
    const second = transcribe();
    const [a, b] = await Promise.all([first, second]);
    expect(a.text.toLowerCase()).toContain('ask not what your country can do for you');
    expect(b.text).toBe(a.text);
    expect((await transcribe()).text).toBe(a.text);

    const jobs = await jobsOf(erin.userId);
    expect(jobs).toHaveLength(1);
    expect(await usageOf(jobs[0]!.id)).toHaveLength(1);
  });

  it("the SDK's retry after a dropped connection starts afresh under the same key; only it is charged", async () => {
    const fran = await customer(server, 200);
    // The SDK sends no Idempotency-Key of its own (openai 6.x); a caller sets one per call.
    let attempts = 0;
    const dropFirstAttempt: typeof fetch = async (url, init) => {
      // The SDK also fetches a data: URL once, to check FormData support: only calls to us count.
      if (!String(url).startsWith(server.url) || ++attempts > 1) return fetch(url, init);
      const cut = new AbortController();
      const answer = fetch(url, { ...init, signal: cut.signal });
      await accepted(fran);
      cut.abort();
      return answer;
    };
    const result = await sdk(fran, {
      fetch: dropFirstAttempt,
      maxRetries: 1,
    }).audio.transcriptions.create(
      { file: createReadStream(longClip), model: 'whisper-1', language: 'en' },
      { headers: { 'Idempotency-Key': 'openai-dropped' } },
    );
    expect(result.text.toLowerCase()).toContain('ask not');
    expect(attempts).toBe(2);

    const [dropped, retried] = await jobsOf(fran.userId);
    expect(dropped).toMatchObject({
      status: 'error',
      progressStage: 'cancelled',
      idempotencyKey: null,
    });
    expect(retried).toMatchObject({ status: 'completed', idempotencyKey: 'openai-dropped' });
    expect(await usageOf(dropped!.id)).toEqual([]);
    expect(await usageOf(retried!.id)).toHaveLength(1);
  });
});

describe('POST /v1/audio/translations (openai SDKs) and task=translate', () => {
  /** Spanish, in espeak-ng's Spanish voice: a sentence of which every word is not English. */
  let spanish: string;
  const SAID =
    'El informe muestra que los ingresos crecieron y el equipo presentará los resultados el lunes.';
  const SPANISH_WORDS = ['el', 'los', 'informe', 'ingresos', 'equipo', 'resultados', 'lunes'];
  const words = (text: string) => new Set(text.toLowerCase().match(/[a-záéíóúñ]+/g) ?? []);
  const expectEnglish = (text: string) => {
    const heard = words(text);
    expect(heard.has('the'), text).toBe(true);
    expect(
      SPANISH_WORDS.filter((word) => heard.has(word)),
      text,
    ).toEqual([]);
  };

  beforeAll(() => {
    spanish = join(dirname(longClip), 'es.wav');
    execFileSync('espeak-ng', ['-v', 'es', '-w', spanish, SAID]);
  });

  it('Node: whisper-1 translates with the multilingual base model, billed as a job', async () => {
    const erin = await customer(server, 100);
    const result = await sdk(erin).audio.translations.create({
      file: createReadStream(spanish),
      model: 'whisper-1',
    });
    expectEnglish(result.text);
    const [job] = await jobsOf(erin.userId);
    expect(job).toMatchObject({ status: 'completed', model: 'base', task: 'translate' });
    expect(job?.result?.segments.every((segment) => segment.language === 'es')).toBe(true);
    expect(await usageOf(job!.id)).toHaveLength(1);
  });

  it('Python: the same', async () => {
    const frank = await customer(server, 100);
    const { stdout } = await run(pythonTool('python'), [
      fileURLToPath(new URL('./clients/openai_translate.py', import.meta.url)),
      `${server.url}/v1`,
      frank.auth.authorization.replace('Bearer ', ''),
      spanish,
    ]);
    expectEnglish(stdout);
  });

  it('refuses an English-only model, and POST /v1/transcript translates with task=translate', async () => {
    const refused = await openai.audio.translations
      .create({ file: createReadStream(spanish), model: 'tiny.en' })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).message).toContain(
      "Model 'tiny.en' is English-only: translation needs a multilingual model such as 'base'",
    );
    const grace = await customer(server, 100);
    const res = await submit(server, grace, { task: 'translate' }, spanish);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ task: 'translate', model: 'base' });
    const done = await waitForJob(server, grace, res.body.id);
    expect(done.status).toBe('completed');
    expectEnglish(done.result?.text ?? '');
  });
});

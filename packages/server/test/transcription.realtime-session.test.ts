/**
 * Live streams driven directly (`serveLiveStream` with a fake socket and a fake engine; the
 * database is a real test server's): paths a client cannot reach on demand — a model switch
 * that changes the price, an engine that stops answering, an unexpected error.
 */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceForSeconds } from '@parlance/contract/money';
import { REALTIME_CLOSE, RealtimeServerMessage } from '@parlance/contract';
import { createLedger } from '../src/billing/ledger.js';
import { setMonthlyLimit } from '../src/billing/spendLimits.js';
import { ledgerEntries, transcriptions } from '../src/db/schema/index.js';
import { toSummary } from '../src/transcription/http/present.js';
import { listTranscriptions } from '../src/transcription/jobs/repository.js';
import type { TranscriptionConfig } from '../src/transcription/config.js';
import type {
  LiveChange,
  LiveEngine,
  LiveStreamOptions,
} from '../src/transcription/engine/types.js';
import type { StreamEvent } from '../src/transcription/engine/protocol.js';
import {
  LiveStreams,
  MAX_EARLY_FRAMES,
  serveLiveStream,
  StreamRefusal,
  type Opening,
} from '../src/transcription/realtime/session.js';
import type { TestServer } from './helpers.js';
import { addCredit, customer, startTranscriptionServer } from './transcription-helpers.js';
import { createMetrics } from '../src/system/metrics.js';

const { liveStreamsRefused: refused } = createMetrics();

class FakeSocket extends EventEmitter {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 3;
  readyState = 1;
  terminated = false;
  sent: RealtimeServerMessage[] = [];
  closedWith: { code: number; reason: string } | undefined;
  send(data: string) {
    this.sent.push(RealtimeServerMessage.parse(JSON.parse(data)));
  }
  close(code: number, reason: string) {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    this.closedWith = { code, reason };
    setImmediate(() => this.emit('close', code, Buffer.from(reason)));
  }
  terminate() {
    this.terminated = true;
  }
  text(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
  audio(pcm: Buffer) {
    this.emit('message', pcm, true);
  }
}

/**
 * An engine that hears nothing: it takes audio and ends when told. `hang`: it never takes audio
 * and answers no ping (stuck); `slow`: it takes audio and pings, but never finishes a stream
 * (far behind); `late`: it never takes audio but answers pings and cancels (one stream stuck).
 */
function fakeEngine(mode: 'hang' | 'slow' | 'late' | 'ok' = 'ok') {
  const fed: Buffer[] = [];
  const opened: LiveStreamOptions[] = [];
  /** Each stream's event callback: a test plays the engine's part with it. */
  const heard: ((e: StreamEvent) => void)[] = [];
  let kills = 0;
  let cancels = 0;
  const configured: LiveChange[] = [];
  const engine: LiveEngine = {
    async kill() {
      kills += 1;
    },
    async ping() {
      if (mode === 'hang') throw new Error('speech engine did not answer a ping');
    },
    openStream(opts, _hearing, onEvent) {
      opened.push(opts);
      heard.push(onEvent);
      let done: (value: { seconds: number; model: string }) => void = () => undefined;
      let fail: (err: Error) => void = () => undefined;
      const result = new Promise<{ seconds: number; model: string }>((resolve, reject) => {
        done = resolve;
        fail = reject;
      });
      return {
        audio: async (pcm: Buffer) => {
          if (mode === 'hang' || mode === 'late') return new Promise<never>(() => undefined);
          fed.push(pcm);
          return { queued_seconds: 0 };
        },
        end: async () => {
          if (mode !== 'slow') done({ seconds: 0, model: opts.model });
        },
        cancel: async () => {
          if (mode === 'hang') return new Promise<never>(() => undefined);
          cancels += 1;
          fail(new Error('stream cancelled'));
        },
        configure: async (change: LiveChange) => {
          await sleep(50); // an engine round trip
          configured.push(change);
        },
        result,
      } satisfies ReturnType<LiveEngine['openStream']>;
    },
  };
  return { engine, fed, opened, heard, configured, kills: () => kills, cancels: () => cancels };
}

/** A stream of `userId` opened on tiny.en at 16 kHz, as the route would settle it. */
const openingOf = (userId: string, extra: Partial<Opening> = {}): Opening => ({
  userId,
  apiKeyId: null,
  settings: { model: 'tiny.en', language: null, detection: null, keyterms: null },
  redaction: null,
  sampleRate: 16_000,
  endOfTurnSilenceMs: 1000,
  modelNamed: true,
  accountFallbackLanguage: null,
  models: ['tiny.en'],
  ...extra,
});

const silentLog = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as never;

describe('live streams driven directly, with a fake engine', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer();
  }, 120_000);
  afterAll(() => server.close());

  const config = {
    leaseSeconds: 60,
    liveIdleTimeoutSeconds: 20,
    liveMaxStreamsPerAccount: 2,
    liveDrainTimeoutSeconds: 60,
    maxAudioSeconds: 4 * 3600,
  } as TranscriptionConfig;

  function serve(
    userId: string,
    engine: LiveEngine,
    streams: LiveStreams,
    resolve: (
      model: string | undefined,
      language: string | null,
    ) => Promise<{ model: string; language: string | null }>,
    settings: Partial<TranscriptionConfig> = {},
    opening: Partial<Opening> = {},
  ) {
    const socket = new FakeSocket();
    serveLiveStream(
      socket as unknown as Parameters<typeof serveLiveStream>[0],
      {
        db: server.storage.db,
        engine,
        config: { ...config, ...settings },
        streams,
        log: silentLog,
        refused,
        resolve,
      },
      async () => openingOf(userId, opening),
    );
    return socket;
  }

  /** Ends the stream as a client does, and reads the transcript it saved. */
  async function endAndRead(socket: FakeSocket) {
    socket.text({ type: 'end' });
    await expect.poll(() => socket.closedWith, { timeout: 10_000 }).toBeTruthy();
    const done = socket.sent.find((m) => m.type === 'done');
    const [row] = await server.storage.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.id, done?.type === 'done' ? done.id : ''));
    return row;
  }

  it('re-checks what the balance pays for when config switches to a dearer model', async () => {
    const who = await customer(server, 0);
    // 5 s of large-v3 (which is 30 s of tiny.en, the model the stream opened with).
    await addCredit(server, who.userId, priceForSeconds('large-v3', 5));
    const { engine, fed } = fakeEngine();
    const socket = serve(who.userId, engine, new LiveStreams(4), async (model, language) => ({
      model: model ?? 'tiny.en',
      language,
    }));
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    socket.text({ type: 'config', model: 'large-v3' });
    for (let i = 0; i < 20; i++) socket.audio(Buffer.alloc(32_000)); // 20 s at once
    await sleep(200);
    socket.text({ type: 'end' });
    await expect.poll(() => socket.closedWith, { timeout: 10_000 }).toBeTruthy();
    const heardSeconds = fed.reduce((sum, b) => sum + b.length, 0) / 32_000;
    const usage = await server.storage.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'usage'), eq(ledgerEntries.userId, who.userId)));
    expect(
      { heardSeconds, billedSeconds: usage[0]?.audioSeconds },
      'large-v3 audio handed to the engine vs. seconds billed',
    ).toEqual({ heardSeconds: 5, billedSeconds: 5 });
  }, 60_000);

  it('keeps the seconds the monthly limit still covers when other usage reached it during the stream', async () => {
    const who = await customer(server, 100);
    // 30 s of tiny.en (1,000 µ$) a month; the stream opens with all of it to spend.
    await setMonthlyLimit(server.storage.db, who.userId, 1_000, new Date());
    const { engine } = fakeEngine();
    const socket = serve(who.userId, engine, new LiveStreams(4), async (model, language) => ({
      model: model ?? 'tiny.en',
      language,
    }));
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    for (let i = 0; i < 20; i++) socket.audio(Buffer.alloc(32_000)); // 20 s
    await sleep(200);
    // Meanwhile a job of the account is charged 700 µ$: 300 µ$ (9 s) of the limit is left.
    await createLedger(server.storage.db).debit({
      userId: who.userId,
      amountMicros: 700,
      reference: `elsewhere-${who.userId}`,
      description: 'another job',
    });
    socket.text({ type: 'end' });
    await expect.poll(() => socket.closedWith, { timeout: 10_000 }).toBeTruthy();
    const usage = await server.storage.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'usage'), eq(ledgerEntries.userId, who.userId)));
    expect(usage.map((entry) => entry.amountMicros).sort((a, b) => a - b)).toEqual([
      -700,
      -priceForSeconds('tiny.en', 9),
    ]);
    const live = usage.find((entry) => entry.audioSource === 'live');
    const [row] = await server.storage.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.id, live?.reference ?? ''));
    expect(row?.result?.notice).toMatch(/monthly spending limit was reached during the stream/);
  }, 60_000);

  it('takes exactly MAX_AUDIO_SECONDS of audio, to the sample, wherever the frames break', async () => {
    const who = await customer(server, 100);
    const { engine, fed } = fakeEngine();
    const socket = new FakeSocket();
    serveLiveStream(
      socket as unknown as Parameters<typeof serveLiveStream>[0],
      {
        db: server.storage.db,
        engine,
        config: { ...config, maxAudioSeconds: 3 },
        streams: new LiveStreams(4),
        log: silentLog,
        refused,
        resolve: async (model, language) => ({ model: model ?? 'tiny.en', language }),
      },
      async () => openingOf(who.userId),
    );
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    // 100 samples, then whole seconds: (3 - 32,100 / 16,000) × 16,000 is 15,899.999… in floating point.
    // One frame at a time (frames that arrive together are forwarded as one).
    for (const [i, bytes] of [200, 32_000, 32_000, 32_000].entries()) {
      socket.audio(Buffer.alloc(bytes));
      await expect.poll(() => fed.length).toBe(i + 1);
    }
    await expect.poll(() => socket.closedWith, { timeout: 10_000 }).toBeTruthy();
    expect(fed.reduce((sum, b) => sum + b.length, 0) / 2).toBe(48_000);
    expect(socket.sent.at(-1)).toMatchObject({ type: 'done', billed_seconds: 3 });
  }, 60_000);

  it('ends a stream and gives its place back even when the engine stops answering', async () => {
    const who = await customer(server, 100);
    const streams = new LiveStreams(1);
    const { engine, kills } = fakeEngine('hang');
    const socket = serve(who.userId, engine, streams, async (model, language) => ({
      model: model ?? 'tiny.en',
      language,
    }));
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    socket.audio(Buffer.alloc(3200));
    await sleep(100); // the frame is with the engine, which never answers
    socket.text({ type: 'end' });
    // The engine acknowledges audio at once; one that has not in 10 s, and cannot cancel the
    // stream nor answer a ping, is stuck: killed (to be started afresh for everyone), and the
    // stream ends, saved, with its place given back.
    await expect.poll(() => socket.closedWith, { timeout: 20_000 }).toBeTruthy();
    // Saved with what the engine heard (nothing here), and billed for that.
    expect(socket.sent.at(-1)).toMatchObject({ type: 'done', billed_seconds: 0 });
    expect(
      () => streams.take(who.userId, ['tiny.en']).release(),
      'the place is given back',
    ).not.toThrow();
    await expect.poll(kills, { timeout: 20_000 }).toBe(1);
  }, 60_000);

  it('cancels only the stream that does not take audio when the engine still answers', async () => {
    const who = await customer(server, 100);
    const { engine, kills, cancels } = fakeEngine('late');
    const socket = serve(who.userId, engine, new LiveStreams(4), async (model, language) => ({
      model: model ?? 'tiny.en',
      language,
    }));
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    socket.audio(Buffer.alloc(3200));
    await expect.poll(() => socket.closedWith, { timeout: 20_000 }).toBeTruthy();
    expect(socket.closedWith?.code).toBe(REALTIME_CLOSE.serverError);
    await expect.poll(cancels).toBe(1);
    // The engine answered a ping: the other streams it serves go on.
    await sleep(100);
    expect(kills()).toBe(0);
  }, 60_000);

  it('cancels a stream whose end overruns the drain timeout, alone, and bills what it heard', async () => {
    const who = await customer(server, 100);
    const { engine, fed, kills, cancels } = fakeEngine('slow');
    const socket = serve(
      who.userId,
      engine,
      new LiveStreams(4),
      async (model, language) => ({ model: model ?? 'tiny.en', language }),
      { liveDrainTimeoutSeconds: 1 },
    );
    const ready = await expect
      .poll(() => socket.sent.find((m) => m.type === 'ready'))
      .toBeTruthy()
      .then(() => socket.sent.find((m) => m.type === 'ready')!);
    socket.audio(Buffer.alloc(32_000));
    await expect.poll(() => fed.length).toBe(1);
    socket.text({ type: 'end' });
    await expect.poll(() => socket.closedWith, { timeout: 10_000 }).toBeTruthy();
    expect({ cancels: cancels(), kills: kills() }).toEqual({ cancels: 1, kills: 0 });
    // Nothing was heard before it fell behind: nothing is billed, the client is told which
    // second was not transcribed, and the transcript says why.
    expect(socket.sent.slice(-2)).toEqual([
      {
        type: 'gap',
        start: 0,
        end: 1,
        reason: 'transcription fell too far behind the stream and was stopped',
      },
      expect.objectContaining({ type: 'done', billed_seconds: 0, untranscribed_seconds: 1 }),
    ]);
    const [row] = await server.storage.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.id, ready.type === 'ready' ? ready.id : ''));
    const notice =
      'Only the first 0 s of the 1 s received were transcribed and charged: transcription fell too far behind the stream and was stopped (0:00–0:01 not transcribed).';
    expect(row?.result?.notice).toBe(notice);
    // History's row says it too, in the same words.
    const history = await listTranscriptions(server.storage.db, who.userId, {
      page: 1,
      limit: 10,
      status: undefined,
    });
    expect(history.rows.map(toSummary)).toEqual([expect.objectContaining({ notice })]);
  }, 60_000);

  it('merges config messages that come faster than they are taken: one change at a time', async () => {
    const who = await customer(server, 100);
    const { engine, configured } = fakeEngine();
    const socket = serve(who.userId, engine, new LiveStreams(4), async (model, language) => ({
      model: model ?? 'tiny.en',
      language,
    }));
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    socket.text({ type: 'config', keyterms: ['first'] });
    await sleep(20); // with the engine now
    for (let i = 0; i < 200; i++) socket.text({ type: 'config', keyterms: [`term${i}`] });
    socket.text({ type: 'config', end_of_turn_silence_ms: 800 });
    await expect
      .poll(() => configured.at(-1))
      .toEqual({ keyterms: ['term199'], endOfTurnSilenceMs: 800 });
    // The first went at once; the other 201 waited for it as one merged change.
    expect(configured).toEqual([
      { keyterms: ['first'] },
      { keyterms: ['term199'], endOfTurnSilenceMs: 800 },
    ]);
    socket.text({ type: 'end' });
    await expect.poll(() => socket.closedWith?.code).toBe(REALTIME_CLOSE.done);
  });

  it('refuses a client that floods frames before its stream starts, and keeps none of them', async () => {
    const who = await customer(server, 100);
    const { engine, fed } = fakeEngine();
    const socket = new FakeSocket();
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    serveLiveStream(
      socket as unknown as Parameters<typeof serveLiveStream>[0],
      {
        db: server.storage.db,
        engine,
        config,
        streams: new LiveStreams(4),
        log: silentLog,
        refused,
        resolve: async (model, language) => ({ model: model ?? 'tiny.en', language }),
      },
      async () => {
        await opened; // the key is still being checked
        return openingOf(who.userId);
      },
    );
    const refusedFast = async () =>
      (await refused.get()).values.find((v) => v.labels.code === 'audio_too_fast')?.value ?? 0;
    const before = await refusedFast();
    for (let i = 0; i < MAX_EARLY_FRAMES; i++) socket.audio(Buffer.alloc(2));
    expect(socket.closedWith, 'up to the limit, frames wait for the stream').toBeUndefined();
    socket.audio(Buffer.alloc(2));
    expect(socket.closedWith?.code).toBe(REALTIME_CLOSE.badAudio);
    expect(socket.sent).toEqual([expect.objectContaining({ code: 'audio_too_fast' })]);
    // Counted once as refused (parlance_live_streams_refused_total), by its code.
    expect(await refusedFast()).toBe(before + 1);
    open();
    await sleep(200);
    expect({ fed: fed.length, sent: socket.sent.length }).toEqual({ fed: 0, sent: 1 });
  });

  it('refuses a client that sends more than 1 MiB before its stream starts', async () => {
    const socket = new FakeSocket();
    serveLiveStream(
      socket as unknown as Parameters<typeof serveLiveStream>[0],
      {
        db: server.storage.db,
        engine: fakeEngine().engine,
        config,
        streams: new LiveStreams(4),
        log: silentLog,
        refused,
        resolve: async (model, language) => ({ model: model ?? 'tiny.en', language }),
      },
      () => new Promise<never>(() => undefined),
    );
    for (let i = 0; i < 4; i++) socket.audio(Buffer.alloc(256 * 1024));
    expect(socket.closedWith).toBeUndefined();
    socket.audio(Buffer.alloc(2));
    expect(socket.closedWith?.code).toBe(REALTIME_CLOSE.badAudio);
  });

  it('redacts finals read after the earlier ones, partials wholly, turns and the transcript', async () => {
    const who = await customer(server, 100);
    const { engine, heard } = fakeEngine();
    const redaction = { policies: ['credit_card_number' as const], sub: 'hash' as const };
    const resolve = async (model: string | undefined, language: string | null) => ({
      model: model ?? 'tiny.en',
      language,
    });
    const socket = serve(who.userId, engine, new LiveStreams(4), resolve, {}, { redaction });
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    socket.audio(Buffer.alloc(4 * 32_000));
    const play = (type: 'partial' | 'final', text: string, start: number) =>
      heard.at(-1)?.(
        type === 'partial'
          ? { type, text, stable: '', start, end: start + 1 }
          : {
              type,
              text,
              start,
              end: start + 1,
              words: text.split(' ').map((word, i) => ({
                start: start + i / 10,
                end: start + (i + 1) / 10,
                text: word,
                confidence: 0.9,
              })),
              language: 'en',
              detected_language: null,
              language_fallback: false,
            },
      );
    // Half a card number, then the rest in the next phrase: neither half is sent in clear.
    play('partial', 'my card is 4111', 0);
    play('final', 'my card is 4111 1111', 0);
    play('partial', '1111', 2);
    play('final', '1111 1111 and I was born in 1990.', 2);
    heard.at(-1)?.({
      type: 'end_of_turn',
      start: 0,
      end: 3,
      text: 'my card is 4111 1111 1111 1111 and I was born in 1990.',
    });
    const sent = socket.sent.filter((m) => m.type !== 'ready');
    expect(sent).toMatchObject([
      { type: 'partial', text: 'my card is ####' },
      { type: 'final', text: 'my card is #### ####' },
      { type: 'partial', text: '####' },
      // Only card numbers were asked for: the year stays.
      { type: 'final', text: '#### #### and I was born in 1990.' },
      { type: 'end_of_turn', text: 'my card is #### #### #### #### and I was born in 1990.' },
    ]);
    const final = sent.find((m) => m.type === 'final');
    expect(final?.type === 'final' && final.words.map((w) => w.text)).toEqual([
      'my',
      'card',
      'is',
      '####',
      '####',
    ]);
    const row = await endAndRead(socket);
    expect(row?.redaction).toEqual(redaction);
    expect(JSON.stringify(row?.result)).not.toContain('1111');
    expect(row?.result?.text).toBe('my card is #### #### #### #### and I was born in 1990.');
  });

  it('joins Chinese finals unspaced, in their turn and in the transcript', async () => {
    const who = await customer(server, 100);
    const { engine, heard } = fakeEngine();
    const resolve = async (model: string | undefined, language: string | null) => ({
      model: model ?? 'base',
      language,
    });
    const socket = serve(who.userId, engine, new LiveStreams(4), resolve);
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    socket.audio(Buffer.alloc(4 * 32_000));
    for (const [text, start] of [
      ['今天天气很好，', 0],
      ['我们走吧。', 2],
    ] as const)
      heard.at(-1)?.({
        type: 'final',
        text,
        start,
        end: start + 1,
        words: [{ start, end: start + 1, text, confidence: 0.9 }],
        language: 'zh',
        detected_language: 'zh',
        language_fallback: false,
      });
    // The engine spaces the turn's finals whatever the script.
    heard.at(-1)?.({ type: 'end_of_turn', start: 0, end: 3, text: '今天天气很好， 我们走吧。' });
    expect(socket.sent.find((m) => m.type === 'end_of_turn')).toMatchObject({
      text: '今天天气很好，我们走吧。',
    });
    const row = await endAndRead(socket);
    expect(row?.result?.text).toBe('今天天气很好，我们走吧。');
  });

  it('takes how the language is detected from a config before the audio, and refuses a mix', async () => {
    const who = await customer(server, 100);
    const { engine, opened, heard } = fakeEngine();
    const resolve = async (model: string | undefined, language: string | null) => ({
      model: model ?? 'base',
      language,
    });
    const socket = serve(who.userId, engine, new LiveStreams(4), resolve);
    await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
    socket.text({
      type: 'config',
      expected_languages: ['EN', 'de'],
      language_confidence_threshold: 0.6,
    });
    await expect
      .poll(() => opened.at(-1)?.detection)
      .toEqual({
        expectedLanguages: ['en', 'de'],
        confidenceThreshold: 0.6,
        fallbackLanguage: 'en',
      });
    // The engine's finals say, phrase by phrase, what was detected and whether it fell back; the
    // client is told, and the saved transcript names the language most phrases were detected in.
    socket.audio(Buffer.alloc(32_000));
    const final = (text: string, detected: string, fellBack: boolean) =>
      heard.at(-1)?.({
        type: 'final',
        text,
        start: 0,
        end: 1,
        words: [{ start: 0, end: 1, text, confidence: 0.9 }],
        language: fellBack ? 'en' : detected,
        detected_language: detected,
        language_fallback: fellBack,
      });
    final('Guten', 'de', false);
    final('Tag', 'zh', true);
    final('zusammen', 'de', false);
    expect(socket.sent.filter((m) => m.type === 'final')).toMatchObject([
      { text: 'Guten', detected_language: 'de', language_fallback: false },
      { text: 'Tag', language: 'en', detected_language: 'zh', language_fallback: true },
      { text: 'zusammen', detected_language: 'de', language_fallback: false },
    ]);
    const row = await endAndRead(socket);
    expect(row?.result).toMatchObject({ detectedLanguage: 'de', languageFallback: true });

    const mixed = serve(who.userId, fakeEngine().engine, new LiveStreams(4), resolve);
    await expect.poll(() => mixed.sent.some((m) => m.type === 'ready')).toBe(true);
    mixed.text({ type: 'config', language: 'fr', expected_languages: ['en'] });
    await expect.poll(() => mixed.closedWith?.code).toBe(REALTIME_CLOSE.badRequest);
    expect(mixed.sent.find((m) => m.type === 'error')).toMatchObject({
      code: 'validation_failed',
    });
  }, 60_000);

  it('does not leave an unhandled rejection (a process crash) when config hits an unexpected error', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const who = await customer(server, 100);
      const socket = serve(who.userId, fakeEngine().engine, new LiveStreams(4), async () => {
        // e.g. the catalog's engine.models() answering an EngineRequestError (engineDown rethrows it)
        throw new Error('unexpected failure while resolving the model');
      });
      await expect.poll(() => socket.sent.some((m) => m.type === 'ready')).toBe(true);
      const id = socket.sent.find((m) => m.type === 'ready')!;
      socket.text({ type: 'config', language: 'en' });
      await sleep(100);
      socket.text({ type: 'end' });
      await sleep(1_000);
      const [row] = await server.storage.db
        .select({ status: transcriptions.status })
        .from(transcriptions)
        .where(eq(transcriptions.id, id.type === 'ready' ? id.id : ''));
      expect({
        unhandled: unhandled.map(String),
        closed: socket.closedWith?.code,
        status: row?.status,
      }).toEqual({ unhandled: [], closed: REALTIME_CLOSE.serverError, status: 'completed' });
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 60_000);
});

describe('live streams admitted by measured capacity (LiveStreams)', () => {
  const refusal = (take: () => unknown) => {
    try {
      take();
    } catch (err) {
      return err instanceof StreamRefusal
        ? { code: err.code, close: err.close, retry: err.retryAfterSeconds }
        : err;
    }
    return 'admitted';
  };

  it('admits streams while their shares of the capacity fit, by model', () => {
    // tiny.en: 4 at once in real time here; base: 1.
    const streams = new LiveStreams(8, Infinity, 70_000, { 'tiny.en': 4, base: 1 });
    const tiny = [1, 2, 3].map(() => streams.take('a', ['tiny.en']));
    expect(refusal(() => streams.take('b', ['base']))).toEqual({
      code: 'server_busy',
      close: REALTIME_CLOSE.tooManyStreams,
      retry: 10,
    });
    // model=auto: the most accurate that fits.
    const auto = streams.take('b', ['base', 'tiny.en']);
    expect(auto.model).toBe('tiny.en');
    expect(refusal(() => streams.take('c', ['tiny.en']))).toMatchObject({ code: 'server_busy' });
    for (const place of [...tiny, auto]) place.release();
    const base = streams.take('c', ['base', 'tiny.en']);
    expect(base.model).toBe('base');
    // A stream switching model (config) is refused if the new one does not fit.
    const other = new LiveStreams(8, Infinity, 70_000, { 'tiny.en': 4, base: 1 });
    const one = other.take('d', ['tiny.en']);
    other.take('e', ['tiny.en']);
    expect(refusal(() => other.move(one, 'base'))).toMatchObject({ code: 'server_busy' });
    expect(other.move(one, 'tiny.en')).toBe(one);
  });

  it('shares the capacity fairly between accounts while others wait for a place', () => {
    vi.useFakeTimers();
    try {
      const streams = new LiveStreams(8, Infinity, 70_000, { 'tiny.en': 4 });
      // Alone, an account may fill the server.
      const a = [1, 2, 3, 4].map(() => streams.take('a', ['tiny.en']));
      expect(refusal(() => streams.take('b', ['tiny.en']))).toMatchObject({
        code: 'server_busy',
        retry: 10,
      });
      // b waits: a's streams are never cut, but a may not take places back beyond its half.
      a[0]!.release();
      a[1]!.release();
      expect(refusal(() => streams.take('a', ['tiny.en']))).toMatchObject({
        code: 'server_busy',
        retry: 10,
      });
      // A third account arrives: its share is a third.
      streams.take('c', ['tiny.en']);
      expect(refusal(() => streams.take('c', ['tiny.en']))).toMatchObject({ code: 'server_busy' });
      // b, still waiting, gets the place a could not take back.
      streams.take('b', ['tiny.en']).release();
      // c waits, and a holds more than half: the place b freed is not a's.
      expect(refusal(() => streams.take('a', ['tiny.en']))).toMatchObject({ code: 'server_busy' });
      // Once nobody has asked for 30 s, a free place is anyone's again.
      vi.advanceTimersByTime(30_001);
      expect(streams.take('a', ['tiny.en']).model).toBe('tiny.en');
      // More accounts waiting than there are places: a share is less than a stream, yet an
      // account holding nothing gets a free place (else they would keep each other out).
      const single = new LiveStreams(8, Infinity, 70_000, { base: 1 });
      const held = single.take('x', ['base']);
      expect(refusal(() => single.take('y', ['base']))).toMatchObject({ code: 'server_busy' });
      expect(refusal(() => single.take('z', ['base']))).toMatchObject({ code: 'server_busy' });
      held.release();
      expect(single.take('y', ['base']).model).toBe('base');
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a model not measured as LIVE_MAX_STREAMS, and refuses one that cannot keep up alone', () => {
    const streams = new LiveStreams(2, Infinity, 70_000, { 'large-v3': 0.4 });
    expect(refusal(() => streams.take('a', ['large-v3']))).toEqual({
      code: 'server_busy',
      close: REALTIME_CLOSE.tooManyStreams,
      retry: undefined,
    });
    streams.take('a', ['tiny.en']);
    streams.take('b', ['tiny.en']);
    expect(refusal(() => streams.take('c', ['tiny.en']))).toMatchObject({ code: 'server_busy' });
  });
});

/**
 * Live transcription over the WebSocket (GET /v1/realtime), against the real engine (tiny.en):
 * who may open a stream, what it hears, what it bills and saves, and how it ends.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { connect as connect_ } from 'node:net';
import { getPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLedger } from '../src/billing/ledger.js';
import { priceForSeconds } from '@parlance/contract/money';
import { REALTIME_CLOSE, RealtimeServerMessage, type RealtimeDone } from '@parlance/contract';
import { ledgerEntries, realtimeTokens, transcriptions, users } from '../src/db/schema/index.js';
import {
  LIVE_STREAM_CUT_MESSAGE,
  reclaimExpiredLeases,
} from '../src/transcription/jobs/repository.js';
import { transcriptionEnv } from '../src/transcription/config.js';
import { statFields } from '../src/transcription/engine/processEngine.js';
import { CLOSE_GRACE_MS } from '../src/transcription/realtime/session.js';
import { backends, disputeSpentPayment, type TestServer } from './helpers.js';
import {
  addCredit,
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

/** jfk.wav: 11 s of 16 kHz mono s16le. */
const jfk = async () => {
  const wav = await readFile(fixture('jfk.wav'));
  return wav.subarray(wav.indexOf('data') + 8);
};
const normalised = (text: string) => text.toLowerCase().replace(/[^a-z ]/g, '');

interface Stream {
  socket: WebSocket;
  messages: RealtimeServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message of `type`; rejects if the socket closes without one. */
  next(type: RealtimeServerMessage['type']): Promise<RealtimeServerMessage>;
}

/** English speech, said to be English: the English default model (tiny.en) hears it. */
const ENGLISH = '?language=en';

function connect(server: TestServer, query = '', headers: Record<string, string> = {}): Stream {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/v1/realtime${query}`, {
    headers,
  });
  const messages: RealtimeServerMessage[] = [];
  socket.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    // Every message the server sends is one the contract describes.
    messages.push(RealtimeServerMessage.parse(JSON.parse(String(data))));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const next = async (type: RealtimeServerMessage['type']) => {
    const find = () => messages.find((m) => m.type === type);
    await expect
      .poll(() => find() ?? socket.readyState === WebSocket.CLOSED, { timeout: 60_000 })
      .toBeTruthy();
    const message = find();
    if (!message) throw new Error(`closed before a ${type} message: ${JSON.stringify(messages)}`);
    return message;
  };
  return { socket, messages, closed, next };
}

/**
 * Ends a stream and waits for the server to close it: by then its place is free again (the
 * server gives it back before the client hears the close). A socket the client closes first
 * keeps its place while the server finishes the stream.
 */
async function end(stream: Stream) {
  stream.socket.send(JSON.stringify({ type: 'end' }));
  return stream.closed;
}

const finalText = (stream: Stream) =>
  normalised(stream.messages.flatMap((m) => (m.type === 'final' ? [m.text] : [])).join(' '));

/** Sends `pcm` in 100 ms frames, `pace` times faster than it plays. */
async function play(stream: Stream, pcm: Buffer, sampleRate = 16_000, pace = 5) {
  const frame = (sampleRate / 10) * 2;
  for (let at = 0; at < pcm.length; at += frame) {
    if (stream.socket.readyState !== WebSocket.OPEN) return;
    stream.socket.send(pcm.subarray(at, at + frame));
    await sleep(100 / pace);
  }
}

async function usageEntries(server: TestServer, id: string) {
  return server.storage.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'usage'), eq(ledgerEntries.reference, id)));
}

describe.each(backends)('live transcription over a WebSocket (%s)', (backend) => {
  let server: TestServer;
  let who: Customer;
  beforeAll(async () => {
    server = await startTranscriptionServer({}, { backend });
    who = await customer(server, 100);
  }, 120_000);
  afterAll(() => server.close());

  it('streams partials and finals, then saves the transcript and bills the seconds once', async () => {
    const before = await createLedger(server.storage.db).balance(who.userId);
    const stream = connect(server, ENGLISH, who.auth);
    const ready = await stream.next('ready');
    expect(ready).toMatchObject({ model: 'tiny.en', language: 'en', sample_rate: 16_000 });
    // At the pace it plays, as a microphone sends it: a stream that falls behind gets no partials
    // until it catches up, and at 5× on a loaded machine it never did.
    await play(stream, await jfk(), 16_000, 1);
    stream.socket.send(JSON.stringify({ type: 'end' }));
    expect(await stream.closed).toEqual({ code: 1000, reason: 'done' });

    const types = stream.messages.map((m) => m.type);
    expect(types[0]).toBe('ready');
    expect(types.at(-1)).toBe('done');
    expect(types).toContain('partial');
    const finals = stream.messages.filter((m) => m.type === 'final');
    const said = normalised(finals.map((f) => f.text).join(' '));
    expect(said).toContain('ask not what your country can do for you');
    const done = stream.messages.at(-1) as RealtimeDone;
    const cost = priceForSeconds('tiny.en', 11);
    expect(done).toEqual({
      type: 'done',
      id: ready.type === 'ready' && ready.id,
      billed_seconds: 11,
      untranscribed_seconds: 0,
      cost_micros: cost,
    });
    expect(types).not.toContain('gap');

    const saved = await server.client().get(`/v1/transcript/${done.id}`, { headers: who.auth });
    expect(saved.body).toMatchObject({
      status: 'completed',
      audio_duration: 11,
      costMicros: cost,
      fileName: 'Live stream',
      has_audio: false,
    });
    const audio = await server
      .client()
      .get(`/v1/transcript/${done.id}/audio`, { headers: who.auth });
    expect([audio.status, audio.body.code]).toEqual([404, 'audio_not_kept']);
    expect(normalised(saved.body.result.text)).toBe(said.replace(/ +/g, ' ').trim());
    expect(saved.body.result.words.length).toBeGreaterThan(10);
    expect(await createLedger(server.storage.db).balance(who.userId)).toBe(before - cost);
    // Booked as a live stream sent with the customer's key ('tests'), and so shown in usage.
    expect(await usageEntries(server, done.id)).toMatchObject([
      { audioSource: 'live', apiKeyName: 'tests' },
    ]);
    const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
    const usage = await who.api.get(`/api/usage/spending?from=${day(86_400_000)}&to=${day(0)}`);
    expect(usage.body.sources).toContainEqual(
      expect.objectContaining({ sender: 'tests', live: true, costMicros: cost }),
    );
    const history = await who.api.get('/api/transcript/user');
    expect(history.body.transcriptions.map((t: { id: string }) => t.id)).toContain(done.id);
  });

  it('names no model nor language: the multilingual default, which follows a language given later', async () => {
    const stream = connect(server, '', who.auth);
    expect(await stream.next('ready')).toMatchObject({ model: 'base', language: null });
    // Said to be English before any audio: the model follows the language, as it was not named.
    stream.socket.send(JSON.stringify({ type: 'config', language: 'en' }));
    await expect
      .poll(() => stream.messages.filter((m) => m.type === 'ready').at(-1))
      .toMatchObject({ model: 'tiny.en', language: 'en' });
    stream.socket.send(JSON.stringify({ type: 'end' }));
    await stream.closed;
  });

  it('lets two streams opened together spend the balance once', async () => {
    const me = await customer(server, 0);
    await addCredit(server, me.userId, priceForSeconds('tiny.en', 5));
    const pcm = (await jfk()).subarray(0, 4 * 32_000);
    const streams = [connect(server, ENGLISH, me.auth), connect(server, ENGLISH, me.auth)];
    await Promise.all(
      streams.map((s) =>
        expect.poll(() => s.messages.length, { timeout: 30_000 }).toBeGreaterThan(0),
      ),
    );
    // The first holds the 5 s the balance covers; the second finds nothing left to hold.
    const opened = streams.filter((s) => s.messages[0]?.type === 'ready');
    expect(opened).toHaveLength(1);
    const refused = streams.find((s) => s.messages[0]?.type === 'error');
    expect(refused?.messages[0]).toMatchObject({ code: 'insufficient_credits' });
    await play(opened[0]!, pcm);
    expect((await end(opened[0]!)).code).toBe(1000);
    expect(await opened[0]!.next('done')).toMatchObject({ billed_seconds: 4 });
    expect(await createLedger(server.storage.db).balance(me.userId)).toBe(
      priceForSeconds('tiny.en', 5) - priceForSeconds('tiny.en', 4),
    );
  });
});

describe('live transcription: who, how and when it ends', () => {
  let server: TestServer;
  let who: Customer;
  beforeAll(async () => {
    server = await startTranscriptionServer({
      LIVE_MAX_STREAMS_PER_ACCOUNT: '1',
      LIVE_IDLE_TIMEOUT_SECONDS: '2',
    });
    who = await customer(server, 100);
  }, 120_000);
  afterAll(() => server.close());

  const refusedWith = async (stream: Stream, close: number, code: string) => {
    const ended = await stream.closed;
    expect(ended.code).toBe(close);
    expect(stream.messages).toEqual([
      expect.objectContaining({ type: 'error', code, message: expect.any(String) }),
    ]);
    return stream.messages[0]!;
  };

  it('answers a plain GET with 426', async () => {
    const res = await server.client().get('/v1/realtime', { headers: who.auth });
    expect(res.status).toBe(426);
    expect(res.body.code).toBe('upgrade_required');
  });

  it('refuses a stream without a key, with a bad key, and with only a session cookie', async () => {
    await refusedWith(connect(server), REALTIME_CLOSE.unauthorized, 'unauthenticated');
    await refusedWith(
      connect(server, ENGLISH, { authorization: 'Bearer pk_nope' }),
      REALTIME_CLOSE.unauthorized,
      'invalid_api_key',
    );
    // A page on another site can open a socket with this site's cookies: they must not count.
    const cookie = who.api.jar.header() ?? '';
    expect(cookie).toContain('parlance_session');
    await refusedWith(
      connect(server, ENGLISH, { cookie, origin: server.url }),
      REALTIME_CLOSE.unauthorized,
      'unauthenticated',
    );
  });

  it('opens with a one-use token from the session or an API key', async () => {
    const fromSession = await who.api.post('/api/realtime/token', {});
    expect(fromSession.status).toBe(200);
    expect(Date.parse(fromSession.body.expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    const stream = connect(server, `?token=${fromSession.body.token}&language=en`);
    await stream.next('ready');
    expect((await end(stream)).code).toBe(1000);
    // Used once: the same token opens nothing more.
    await refusedWith(
      connect(server, `?token=${fromSession.body.token}&language=en`),
      REALTIME_CLOSE.unauthorized,
      'invalid_token',
    );
    const fromKey = await server.client().post('/v1/realtime/token', {}, { headers: who.auth });
    expect(fromKey.status).toBe(200);
    const second = connect(server, `?token=${fromKey.body.token}&language=en`);
    await second.next('ready');
    expect((await end(second)).code).toBe(1000);
    expect((await server.client().post('/api/realtime/token', {})).status).toBe(401);
  });

  it('lets one of two sockets racing with the same token in', async () => {
    // An account of its own: this one's single stream place is taken for a moment.
    const owner = await customer(server, 100);
    const { body } = await owner.api.post('/api/realtime/token', {});
    const racers = [
      connect(server, `?token=${body.token}&language=en`),
      connect(server, `?token=${body.token}&language=en`),
    ];
    const codes = await Promise.all(
      racers.map(async (racer) => {
        await expect.poll(() => racer.messages.length, { timeout: 30_000 }).toBeGreaterThan(0);
        racer.socket.close();
        return racer.messages[0]!.type === 'error'
          ? racer.messages[0]!.code
          : racer.messages[0]!.type;
      }),
    );
    expect(codes.sort()).toEqual(['invalid_token', 'ready']);
  });

  it('closes the socket on a frame over 256 KiB (1009)', async () => {
    const sender = await customer(server, 100);
    const stream = connect(server, ENGLISH, sender.auth);
    await stream.next('ready');
    stream.socket.send(Buffer.alloc(256 * 1024 + 2));
    expect((await stream.closed).code).toBe(1009);
  });

  it('refuses a token past its minute', async () => {
    const { body } = await who.api.post('/api/realtime/token', {});
    await server.storage.db
      .update(realtimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(realtimeTokens.userId, who.userId));
    await refusedWith(
      connect(server, `?token=${body.token}&language=en`),
      REALTIME_CLOSE.unauthorized,
      'invalid_token',
    );
  });

  it('ends a stream sent much faster than it plays (4415), still saved and billed', async () => {
    const pcm = await jfk();
    const stream = connect(server, ENGLISH, who.auth);
    await stream.next('ready');
    // 44 s at once, in 100 ms frames.
    for (let i = 0; i < 4; i++)
      for (let at = 0; at < pcm.length; at += 3200) stream.socket.send(pcm.subarray(at, at + 3200));
    expect((await stream.closed).code).toBe(REALTIME_CLOSE.badAudio);
    expect(stream.messages).toContainEqual(expect.objectContaining({ code: 'audio_too_fast' }));
    const done = (await stream.next('done')) as RealtimeDone;
    expect(done.billed_seconds).toBeGreaterThan(30);
    expect(await usageEntries(server, done.id)).toHaveLength(1);
  });

  it('refuses settings it cannot use, naming them', async () => {
    const slow = await refusedWith(
      connect(server, '?sample_rate=1000', who.auth),
      REALTIME_CLOSE.badRequest,
      'validation_failed',
    );
    expect(slow).toMatchObject({ message: 'sample_rate must be between 8000 and 48000' });
    const model = await refusedWith(
      connect(server, '?model=whisper-9', who.auth),
      REALTIME_CLOSE.badRequest,
      'invalid_model',
    );
    expect(model).toMatchObject({ message: expect.stringContaining("Unknown model 'whisper-9'") });
    const turns = await refusedWith(
      connect(server, '?end_of_turn_silence_ms=100', who.auth),
      REALTIME_CLOSE.badRequest,
      'validation_failed',
    );
    expect(turns).toMatchObject({ message: 'end_of_turn_silence_ms must be between 200 and 5000' });
    const mixed = await refusedWith(
      connect(server, '?language=en&expected_languages=en,de', who.auth),
      REALTIME_CLOSE.badRequest,
      'validation_failed',
    );
    expect(mixed).toMatchObject({
      message:
        'expected_languages, language_confidence_threshold and fallback_language apply when the language is detected: leave language out',
    });
    const policy = await refusedWith(
      connect(server, '?redact_pii=phone_number,passport_number', who.auth),
      REALTIME_CLOSE.badRequest,
      'validation_failed',
    );
    expect(policy).toMatchObject({ message: expect.stringContaining('redact_pii') });
  });

  it('takes config before audio, and refuses it after, and text that is not a message', async () => {
    const stream = connect(server, ENGLISH, who.auth);
    await stream.next('ready');
    stream.socket.send(JSON.stringify({ type: 'config', language: 'en', keyterms: ['Kennedy'] }));
    await expect
      .poll(() => stream.messages.filter((m) => m.type === 'ready'))
      .toEqual([expect.anything(), expect.objectContaining({ language: 'en' })]);
    stream.socket.send(Buffer.alloc(3200));
    // After audio, key terms may change (the row follows); the language may not.
    stream.socket.send(JSON.stringify({ type: 'config', keyterms: ['Kennedy', 'Berlin'] }));
    const id = stream.messages.find((m) => m.type === 'ready');
    await expect
      .poll(async () => {
        const [row] = await server.storage.db
          .select({ keyterms: transcriptions.keyterms })
          .from(transcriptions)
          .where(eq(transcriptions.id, id?.type === 'ready' ? id.id : ''));
        return row?.keyterms;
      })
      .toEqual(['Kennedy', 'Berlin']);
    expect(stream.socket.readyState).toBe(WebSocket.OPEN);
    stream.socket.send(JSON.stringify({ type: 'config', language: 'en' }));
    expect((await stream.closed).code).toBe(REALTIME_CLOSE.badRequest);
    expect(stream.messages).toContainEqual(expect.objectContaining({ code: 'config_after_audio' }));

    const garbled = connect(server, ENGLISH, who.auth);
    await garbled.next('ready');
    garbled.socket.send('{"type":"stop"}');
    expect((await garbled.closed).code).toBe(REALTIME_CLOSE.badRequest);
    expect(garbled.messages).toContainEqual(expect.objectContaining({ code: 'invalid_message' }));
  });

  it('allows one stream per account here (LIVE_MAX_STREAMS_PER_ACCOUNT=1), and closes idle ones', async () => {
    const first = connect(server, ENGLISH, who.auth);
    await first.next('ready');
    const refusal = await refusedWith(
      connect(server, ENGLISH, who.auth),
      REALTIME_CLOSE.tooManyStreams,
      'too_many_streams',
    );
    expect(refusal).toMatchObject({
      message: 'This account already has 1 live stream open, the most it may; end one first',
    });
    // Nothing sent for 2 s: closed, and saved as an empty transcript that cost nothing.
    const ended = await first.closed;
    expect(ended.code).toBe(REALTIME_CLOSE.idleTimeout);
    expect(first.messages.map((m) => m.type)).toEqual(['ready', 'error', 'done']);
    expect(first.messages[2]).toMatchObject({ billed_seconds: 0, cost_micros: 0 });
    // The place is free again.
    const again = connect(server, ENGLISH, who.auth);
    await again.next('ready');
    expect((await end(again)).code).toBe(1000);
  });

  it('refuses a stream the balance cannot start, and ends one when the balance runs out', async () => {
    const broke = await customer(server, 0);
    await refusedWith(
      connect(server, ENGLISH, broke.auth),
      REALTIME_CLOSE.insufficientCredits,
      'insufficient_credits',
    );
    const rows = await server.storage.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.userId, broke.userId));
    expect(rows).toEqual([]);

    // Enough for 3 s of audio, no more.
    await addCredit(server, broke.userId, priceForSeconds('tiny.en', 3));
    const stream = connect(server, ENGLISH, broke.auth);
    await stream.next('ready');
    await play(stream, await jfk());
    expect((await stream.closed).code).toBe(REALTIME_CLOSE.insufficientCredits);
    const done = (await stream.next('done')) as RealtimeDone;
    expect(done.billed_seconds).toBe(3);
    expect(stream.messages).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'insufficient_credits' }),
    );
    expect(await createLedger(server.storage.db).balance(broke.userId)).toBe(0);
  });

  it('refuses a stream while a refund or dispute leaves money owed, whatever the balance', async () => {
    const held = await customer(server, 500);
    await disputeSpentPayment(server, held.userId);
    const refused = await refusedWith(
      connect(server, ENGLISH, held.auth),
      REALTIME_CLOSE.insufficientCredits,
      'account_on_hold',
    );
    expect(refused).toMatchObject({ message: expect.stringContaining('$2.00 is owed') });
    const rows = await server.storage.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.userId, held.userId));
    expect(rows).toEqual([]);
  });

  it("refuses a stream its key's monthly spending limit leaves nothing for; another key streams", async () => {
    const limited = await customer(server, 500);
    const [key] = (await limited.api.get('/api/api-keys')).body.apiKeys as { id: string }[];
    await limited.api.put(`/api/api-keys/${key?.id}/limit`, { monthlyLimitMicros: 0 });
    const refused = await refusedWith(
      connect(server, ENGLISH, limited.auth),
      REALTIME_CLOSE.insufficientCredits,
      'spend_limit_reached',
    );
    expect(refused).toMatchObject({
      message: expect.stringContaining("This API key's monthly spending limit of $0.00"),
    });
    // A one-use token the key asks for carries its limit to the stream.
    const token = await server.client().post('/v1/realtime/token', {}, { headers: limited.auth });
    expect(token.status).toBe(200);
    await refusedWith(
      connect(server, `${ENGLISH}&token=${token.body.token}`),
      REALTIME_CLOSE.insufficientCredits,
      'spend_limit_reached',
    );
    const other = await limited.api.post('/api/api-keys', { name: 'other' });
    const stream = connect(server, ENGLISH, { authorization: `Bearer ${other.body.secret}` });
    await stream.next('ready');
    expect((await end(stream)).code).toBe(1000);
  });

  it('hears 48 kHz audio resampled as well as 16 kHz', async () => {
    const pcm16 = await jfk();
    // Upsampled ×3 by linear interpolation: what a 48 kHz microphone would give.
    const samples = pcm16.length / 2;
    const pcm48 = Buffer.alloc(samples * 3 * 2);
    for (let i = 0; i < samples; i++) {
      const a = pcm16.readInt16LE(i * 2);
      const b = i + 1 < samples ? pcm16.readInt16LE(i * 2 + 2) : a;
      for (let k = 0; k < 3; k++)
        pcm48.writeInt16LE(Math.round(a + ((b - a) * k) / 3), (i * 3 + k) * 2);
    }
    const stream = connect(server, `${ENGLISH}&sample_rate=48000`, who.auth);
    expect(await stream.next('ready')).toMatchObject({ sample_rate: 48_000 });
    await play(stream, pcm48, 48_000);
    stream.socket.send(JSON.stringify({ type: 'end' }));
    expect((await stream.closed).code).toBe(1000);
    const said = normalised(
      stream.messages
        .filter((m) => m.type === 'final')
        .map((m) => m.text)
        .join(' '),
    );
    expect(said).toContain('ask not what your country can do for you');
    expect(await stream.next('done')).toMatchObject({ billed_seconds: 11 });
  });

  it('refuses to delete a running stream, which goes on to be billed for what it heard', async () => {
    const me = await customer(server, 100);
    const before = await createLedger(server.storage.db).balance(me.userId);
    const stream = connect(server, ENGLISH, me.auth);
    const ready = await stream.next('ready');
    const id = ready.type === 'ready' ? ready.id : '';
    await play(stream, await jfk());
    // (At once: this server closes a stream that sends no audio for 2 s.) Deleting it now would leave the rest of the stream unbilled: refused until it ends.
    const refused = await server
      .client()
      .delete(`/v1/transcript/${id}`, undefined, { headers: me.auth });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('stream_running');
    expect((await end(stream)).code).toBe(1000);
    expect(await stream.next('done')).toMatchObject({ billed_seconds: 11 });
    expect(await createLedger(server.storage.db).balance(me.userId)).toBe(
      before - priceForSeconds('tiny.en', 11),
    );
    const deleted = await server
      .client()
      .delete(`/v1/transcript/${id}`, undefined, { headers: me.auth });
    expect(deleted.status).toBe(200);
  });

  it('ends a stream whose account is deleted while it runs (4409), nothing saved', async () => {
    const me = await customer(server, 100);
    const stream = connect(server, ENGLISH, me.auth);
    await stream.next('ready');
    const pcm = await jfk();
    await server.storage.db.delete(users).where(eq(users.id, me.userId));
    // Audio keeps coming until the next check (every 5 s) finds the row gone.
    for (let i = 0; i < 80 && stream.socket.readyState === WebSocket.OPEN; i++) {
      stream.socket.send(pcm.subarray((i % 100) * 3200, (i % 100) * 3200 + 3200));
      await sleep(100);
    }
    expect((await stream.closed).code).toBe(REALTIME_CLOSE.cancelled);
    expect(stream.messages.map((m) => m.type)).not.toContain('done');
  });

  it('hears and bills the frames that arrive together with {"type":"end"}', async () => {
    const me = await customer(server, 100);
    const stream = connect(server, ENGLISH, me.auth);
    await stream.next('ready');
    const pcm = await jfk();
    // 11 s in 100 ms frames written at once (a file client, or a microphone's last buffers), then end.
    for (let at = 0; at < pcm.length; at += 3200) stream.socket.send(pcm.subarray(at, at + 3200));
    expect((await end(stream)).code).toBe(1000);
    expect(await stream.next('done')).toMatchObject({ billed_seconds: 11 });
    expect(finalText(stream)).toContain('for your country');
  });

  it('ends a stream whose server died as an uncharged error, never as a queued job', async () => {
    const [row] = await server.storage.db
      .insert(transcriptions)
      .values({
        userId: who.userId,
        status: 'processing',
        model: 'tiny.en',
        source: 'live',
        fileName: 'Live stream',
        audioDurationSeconds: 30,
        leaseToken: crypto.randomUUID(),
        leaseExpiresAt: new Date(Date.now() - 1000),
        attempts: 1,
      })
      .returning();
    const { failed, requeued } = await reclaimExpiredLeases(server.storage.db, 3, 'exhausted');
    expect(requeued.map((r) => r.id)).not.toContain(row!.id);
    expect(failed.find((r) => r.id === row!.id)).toMatchObject({
      status: 'error',
      errorMessage: LIVE_STREAM_CUT_MESSAGE,
    });
    expect(await usageEntries(server, row!.id)).toEqual([]);
  });
});

// The default idle timeout: the turn below ends in 2.5 s of silence, which a 2 s timeout would cut.
describe('live transcription: turns', () => {
  let server: TestServer;
  let who: Customer;
  beforeAll(async () => {
    server = await startTranscriptionServer({});
    who = await customer(server, 100);
  }, 120_000);
  afterAll(() => server.close());

  it('says when the speaker stops (end_of_turn), and takes key terms and turns as it runs', async () => {
    // Turns at 5 s: none would end in the 3 s of silence below, but for the config on the way.
    const stream = connect(server, `${ENGLISH}&end_of_turn_silence_ms=5000`, who.auth);
    const ready = await stream.next('ready');
    const pcm = await jfk();
    const half = pcm.length / 2 - ((pcm.length / 2) % 2);
    await play(stream, pcm.subarray(0, half));
    stream.socket.send(
      JSON.stringify({ type: 'config', keyterms: ['Americans'], end_of_turn_silence_ms: 2500 }),
    );
    await play(stream, pcm.subarray(half));
    // The row keeps the stream's key terms as they change.
    await expect
      .poll(async () => {
        const [row] = await server.storage.db
          .select({ keyterms: transcriptions.keyterms })
          .from(transcriptions)
          .where(eq(transcriptions.id, ready.type === 'ready' ? ready.id : ''));
        return row?.keyterms;
      })
      .toEqual(['Americans']);
    // 3 s of silence: the turn ends in it (2.5 s, longer than jfk's own pauses), before `end`.
    await play(stream, Buffer.alloc(32_000 * 3));
    const turn = await stream.next('end_of_turn');
    expect(turn.type === 'end_of_turn' && normalised(turn.text)).toContain(
      'ask not what your country can do for you',
    );
    const at = stream.messages.indexOf(turn);
    const finals = stream.messages.slice(0, at).filter((m) => m.type === 'final' && m.text);
    expect(turn.type === 'end_of_turn' && turn.text).toBe(
      finals.map((m) => (m.type === 'final' ? m.text : '')).join(' '),
    );
    expect((await end(stream)).code).toBe(1000);
    // Nothing was said after it: the stream's end has no turn left to end.
    expect(stream.messages.filter((m) => m.type === 'end_of_turn')).toHaveLength(1);
    expect(stream.messages.filter((m) => m.type === 'error')).toEqual([]);
  }, 60_000);
});

describe('live transcription: a stream that sends no audio holds no place', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer({
      LIVE_MAX_STREAMS: '1',
      LIVE_IDLE_TIMEOUT_SECONDS: '1',
    });
  }, 120_000);
  afterAll(() => server.close());

  /** 20 ms of silence with one loud sample in it: a click, not sound. */
  const click = () => {
    const frame = Buffer.alloc(640);
    frame.writeInt16LE(32_767, 320);
    return frame;
  };
  it.each([
    ['digital silence at the speed it plays', () => Buffer.alloc(3200)],
    ['a click in every 20 ms', () => Buffer.concat([click(), click(), click(), click(), click()])],
    ['single loud samples', () => Buffer.from([0xff, 0x7f])],
    ['single bytes', () => Buffer.alloc(1)],
  ])(
    'closes a stream whose frames hold no sound (%s) after the idle timeout',
    async (_, frame) => {
      const squatter = await customer(server, 1);
      const stream = connect(server, ENGLISH, squatter.auth);
      await stream.next('ready');
      try {
        // 4 s of frames without 20 ms of sound in any of them: they do not keep the stream open.
        for (let i = 0; i < 40 && stream.socket.readyState === WebSocket.OPEN; i++) {
          stream.socket.send(frame());
          await sleep(100);
        }
        // Meanwhile, nobody else can stream on this process.
        const other = await customer(server, 100);
        const refused = connect(server, ENGLISH, other.auth);
        await refused.closed;
        expect(
          stream.socket.readyState,
          'the zero-audio stream is still open, holding the only slot',
        ).toBe(WebSocket.CLOSED);
      } finally {
        if (stream.socket.readyState === WebSocket.OPEN) {
          stream.socket.send(JSON.stringify({ type: 'end' }));
          await stream.closed;
        }
      }
      expect(stream.messages).toContainEqual(expect.objectContaining({ code: 'idle_timeout' }));
    },
    60_000,
  );

  it('keeps open a stream that speaks in 10 ms frames, each too short to judge alone', async () => {
    const who = await customer(server, 100);
    const stream = connect(server, ENGLISH, who.auth);
    await stream.next('ready');
    const pcm = (await jfk()).subarray(0, 32_000 * 3);
    // 3 s of speech in 10 ms frames at the speed it plays: past the idle second, still open.
    for (let at = 0; at < pcm.length && stream.socket.readyState === WebSocket.OPEN; at += 320) {
      stream.socket.send(pcm.subarray(at, at + 320));
      await sleep(10);
    }
    expect(stream.socket.readyState).toBe(WebSocket.OPEN);
    expect((await end(stream)).code).toBe(1000);
  }, 60_000);
});

describe('live transcription: places held without audio', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer({
      LIVE_IDLE_TIMEOUT_SECONDS: '3',
      LIVE_UNUSED_SECONDS_PER_HOUR: '1.5',
    });
  }, 120_000);
  afterAll(() => server.close());

  it('refuses an account its streams for the hour once it has held them open unused (LIVE_UNUSED_SECONDS_PER_HOUR)', async () => {
    const hog = await customer(server, 100);
    // Each stream sends nothing and is closed after the idle timeout: 3 s held, 2 s of which are
    // the grace for round trips, so about a second unused.
    for (let i = 0; i < 2; i++) {
      const stream = connect(server, ENGLISH, hog.auth);
      await stream.next('ready');
      expect((await stream.closed).code).toBe(REALTIME_CLOSE.idleTimeout);
    }
    const refused = connect(server, ENGLISH, hog.auth);
    expect((await refused.closed).code).toBe(REALTIME_CLOSE.tooManyStreams);
    expect(refused.messages).toEqual([
      expect.objectContaining({ type: 'error', code: 'unused_streams' }),
    ]);
    // Another account is not held to this one's hour; a stream that sends its audio uses its time.
    const other = await customer(server, 100);
    const stream = connect(server, ENGLISH, other.auth);
    await stream.next('ready');
    await play(stream, (await jfk()).subarray(0, 32_000 * 2), 16_000, 1);
    expect((await end(stream)).code).toBe(1000);
    const again = connect(server, ENGLISH, other.auth);
    await again.next('ready');
    expect((await end(again)).code).toBe(1000);
  }, 60_000);
});

/**
 * A raw WebSocket client that does what it likes: the upgrade, then binary frames of `size`
 * bytes as fast as the socket takes them, never answering the server's close frame. Resolves
 * with how long after the upgrade the server cut the connection.
 */
async function flood(server: TestServer, size: number, limitMs: number): Promise<number> {
  const { port } = new URL(server.url);
  const socket = connect_(Number(port), '127.0.0.1');
  const header = Buffer.alloc(14);
  header[0] = 0x82; // FIN, binary
  header[1] = 0x80 | 127; // masked, 64-bit length
  header.writeBigUInt64BE(BigInt(size), 2);
  // Mask key 0 (bytes 10-13): the payload goes as it is.
  const frame = Buffer.concat([header, Buffer.alloc(size, 1)]);
  const start = Date.now();
  let upgraded = false;
  socket.write(
    [
      'GET /v1/realtime HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  socket.on('data', (data) => {
    if (!upgraded && data.toString('latin1').startsWith('HTTP/1.1 101')) upgraded = true;
  });
  socket.on('error', () => undefined);
  const cut = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(Date.now() - start)),
  );
  while (!socket.closed && Date.now() - start < limitMs) {
    if (!socket.write(frame)) {
      // The socket's buffer is full: wait for it to drain (or close), at most 200 ms.
      let done = () => undefined as void;
      const drained = new Promise<void>((resolve) => (done = resolve));
      socket.once('drain', done);
      await Promise.race([drained, cut, sleep(200)]);
      socket.off('drain', done);
    }
  }
  const elapsed = await Promise.race([cut, sleep(1000).then(() => Infinity)]);
  socket.destroy();
  expect(upgraded).toBe(true);
  return elapsed;
}

describe('live transcription: a client that ignores the protocol', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer({});
  }, 120_000);
  afterAll(() => server.close());

  it('cuts a refused socket soon after its close frame, however the client floods it', async () => {
    // No key: refused at once (4401). The client never answers the close frame and keeps sending
    // 256 KiB frames; the server keeps none of them and cuts the connection after CLOSE_GRACE_MS.
    const elapsed = await flood(server, 256 * 1024, 15_000);
    expect(elapsed).toBeLessThan(CLOSE_GRACE_MS + 3_000);
  }, 60_000);

  it('keeps /api/health answering while a client bursts 48 kHz audio', async () => {
    const who = await customer(server, 100);
    const stream = connect(server, '?language=en&sample_rate=48000', who.auth);
    await stream.next('ready');
    // 15 frames of 256 KiB at once: 41 s of 48 kHz audio, resampled by the engine, not here.
    for (let i = 0; i < 15; i++) stream.socket.send(Buffer.alloc(256 * 1024, 7));
    const times: number[] = [];
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      const sent = performance.now();
      await server.client().get('/api/health');
      times.push(performance.now() - sent);
      await sleep(10);
    }
    await stream.closed;
    times.sort((a, b) => a - b);
    // The figure before: 757 ms. npm run bench:realtime prints the p99 against 100 ms.
    expect(times[Math.floor(times.length * 0.99)]).toBeLessThan(300);
  }, 60_000);
});

/** The batch engines' niceness in the streams-apart test: the product's default. */
const BATCH_NICE = transcriptionEnv.shape.BATCH_ENGINE_NICE.parse(undefined);

describe('live transcription: streams apart', () => {
  let server: TestServer;
  beforeAll(async () => {
    // base needs about 14 s for the 27 s sent at once on 2 idle cores (measured 2026-12-07):
    // its end overruns 6 s surely, and the steady stream's does not though the cores are shared
    // with another test file's engines (with 3 s, CI cut it too, after 2.1 of its 11 s).
    server = await startTranscriptionServer({
      LIVE_DRAIN_TIMEOUT_SECONDS: '6',
      BATCH_ENGINE_NICE: String(BATCH_NICE),
    });
  }, 120_000);
  afterAll(() => server.close());

  it(
    'stops a stream that overruns its drain timeout alone: another and a batch job go on',
    { retry: 1, timeout: 120_000 },
    async () => {
      const who = await customer(server, 500);
      const pcm = await jfk();
      const job = await submit(server, who, { language: 'en' }, fixture('jfk.wav'));
      expect(job.status).toBe(202);
      const steady = connect(server, ENGLISH, who.auth);
      const behind = connect(server, '?language=en&model=base', who.auth);
      await Promise.all([steady.next('ready'), behind.next('ready')]);
      // 27 s at once, then the end: far more than the engine hears in the 6 s drain timeout.
      const backlog = Buffer.concat([pcm, pcm, pcm.subarray(0, pcm.length / 2)]);
      for (let at = 0; at < backlog.length; at += 64 * 1024)
        behind.socket.send(backlog.subarray(at, at + 64 * 1024));
      behind.socket.send(JSON.stringify({ type: 'end' }));
      // Meanwhile the other stream plays jfk at the speed it plays, and ends after the first is cut.
      await play(steady, pcm, 16_000, 1);
      expect((await behind.closed).code).toBe(1000);
      expect((await end(steady)).code).toBe(1000);

      const [cut, whole] = [behind, steady].map(
        (s) => s.messages.find((m) => m.type === 'done') as RealtimeDone,
      );
      // The stream that fell behind said so as it happened, and then which seconds it will not
      // transcribe: it is billed for what was transcribed, and its transcript says so.
      const lag = behind.messages.filter((m) => m.type === 'lag');
      expect(lag[0]).toMatchObject({ seconds_behind: expect.any(Number) });
      expect(lag[0]!.type === 'lag' && lag[0]!.seconds_behind).toBeGreaterThanOrEqual(2);
      const received = backlog.length / 32_000;
      expect(cut!.billed_seconds).toBeLessThan(received);
      expect(cut!.untranscribed_seconds).toBeCloseTo(received - cut!.billed_seconds, 2);
      expect(behind.messages.filter((m) => m.type === 'gap')).toEqual([
        {
          type: 'gap',
          start: cut!.billed_seconds,
          end: received,
          reason: 'transcription fell too far behind the stream and was stopped',
        },
      ]);
      const [cutRow] = await server.storage.db
        .select()
        .from(transcriptions)
        .where(eq(transcriptions.id, cut!.id));
      expect(cutRow?.result?.notice).toMatch(/fell too far behind/);
      // The other heard every second of its audio, and the batch job is untouched.
      expect(whole).toMatchObject({ billed_seconds: 11, untranscribed_seconds: 0 });
      expect(steady.messages.map((m) => m.type)).not.toContain('gap');
      expect(finalText(steady)).toContain('ask not what your country can do for you');
      const [wholeRow] = await server.storage.db
        .select()
        .from(transcriptions)
        .where(eq(transcriptions.id, whole!.id));
      expect(wholeRow?.result?.notice ?? null).toBeNull();
      const batch = await waitForJob(server, who, (job.body as { id: string }).id);
      expect(batch.status).toBe('completed');
      // The batch job's engine yields the CPU to the live one (BATCH_ENGINE_NICE): every thread
      // of it runs that much nicer than this process, every thread of the live engine as nice.
      const ours = getPriority();
      const engines = await engineNiceness();
      expect(engines.filter((e) => e.role === 'live').map((e) => e.nice)).toEqual([[ours]]);
      const batchEngines = engines.filter((e) => e.role === 'batch');
      expect(batchEngines.length).toBeGreaterThan(0);
      for (const e of batchEngines) expect(e.nice).toEqual([Math.min(19, ours + BATCH_NICE)]);
    },
  );
});

/**
 * The live and batch engine processes this test process started (by PARLANCE_ENGINE_ROLE), with
 * the niceness values their threads run at (each value once).
 */
async function engineNiceness(): Promise<{ role: 'live' | 'batch'; nice: number[] }[]> {
  // A process or thread may end while it is read: it is then left out (it has no fields).
  const engines: { role: 'live' | 'batch'; nice: number[] }[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await statFields(`/proc/${pid}/stat`);
    // After the command: state, ppid, …; the niceness is the 19th field of the line.
    if (Number(stat[1]) !== process.pid) continue;
    const environ = (await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '')).split('\0');
    const role = environ.includes('PARLANCE_ENGINE_ROLE=live')
      ? 'live'
      : environ.includes('PARLANCE_ENGINE_ROLE=transcribe')
        ? 'batch'
        : undefined;
    if (!role) continue; // a probe engine, or not an engine
    const threads = await readdir(`/proc/${pid}/task`).catch(() => []);
    const nice = (
      await Promise.all(
        threads.map(async (tid) => (await statFields(`/proc/${pid}/task/${tid}/stat`))[16]),
      )
    ).flatMap((field) => (field ? [Number(field)] : []));
    engines.push({ role, nice: [...new Set(nice)] });
  }
  return engines;
}

describe('live transcription admitted by measured capacity', () => {
  it('serves only what keeps up in real time: refuses, or with model=auto serves a faster model', async () => {
    // Measured here: two tiny.en streams in real time at once, or one base.
    const server = await startTranscriptionServer({ LIVE_CAPACITY: 'tiny.en:2,base:1' });
    try {
      const [one, two] = [await customer(server, 100), await customer(server, 100)];
      const first = connect(server, ENGLISH, one.auth);
      expect(await first.next('ready')).toMatchObject({ model: 'tiny.en', fallback_from: null });
      // base would need the whole machine: model=auto gets tiny.en, and is told so.
      const auto = connect(server, `${ENGLISH}&model=auto`, one.auth);
      expect(await auto.next('ready')).toMatchObject({ model: 'tiny.en', fallback_from: 'base' });
      const named = connect(server, `${ENGLISH}&model=base`, two.auth);
      expect((await named.closed).code).toBe(REALTIME_CLOSE.tooManyStreams);
      expect(named.messages).toEqual([
        expect.objectContaining({ code: 'server_busy', retry_after_seconds: 10 }),
      ]);
      await Promise.all([end(first), end(auto)]);
      const again = connect(server, `${ENGLISH}&model=base`, two.auth);
      expect(await again.next('ready')).toMatchObject({ model: 'base', fallback_from: null });
      expect((await end(again)).code).toBe(1000);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('serves the default with the most accurate model that keeps up, when the default cannot', async () => {
    const server = await startTranscriptionServer({
      DEFAULT_MODEL: 'base',
      LIVE_CAPACITY: 'base:0.5,tiny.en:4',
    });
    try {
      const who = await customer(server, 100);
      const stream = connect(server, ENGLISH, who.auth);
      expect(await stream.next('ready')).toMatchObject({ model: 'tiny.en', fallback_from: 'base' });
      // Key terms before the audio keep the model it is served with.
      stream.socket.send(JSON.stringify({ type: 'config', keyterms: ['Kennedy'] }));
      await play(stream, (await jfk()).subarray(0, 32_000));
      expect((await end(stream)).code).toBe(1000);
      expect(stream.messages.filter((m) => m.type === 'error')).toEqual([]);
      expect(stream.messages.filter((m) => m.type === 'ready')).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('live transcription beyond the audio limit', () => {
  it('transcribes and bills up to MAX_AUDIO_SECONDS, then ends with 4415', async () => {
    const server = await startTranscriptionServer({ MAX_AUDIO_SECONDS: '3' });
    try {
      const who = await customer(server, 100);
      const stream = connect(server, ENGLISH, who.auth);
      await stream.next('ready');
      await play(stream, await jfk());
      expect((await stream.closed).code).toBe(REALTIME_CLOSE.badAudio);
      expect(stream.messages).toContainEqual(expect.objectContaining({ code: 'audio_too_long' }));
      expect(await stream.next('done')).toMatchObject({
        billed_seconds: 3,
        cost_micros: priceForSeconds('tiny.en', 3),
      });
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('live transcription when the server shuts down', () => {
  it('finishes the stream first: the client hears why, gets done, and the audio is billed', async () => {
    const server = await startTranscriptionServer();
    const who = await customer(server, 100);
    const stream = connect(server, ENGLISH, who.auth);
    await stream.next('ready');
    const pcm = await jfk();
    await play(stream, pcm.subarray(0, 16_000 * 2 * 4));
    await server.close();
    expect((await stream.closed).code).toBe(REALTIME_CLOSE.shuttingDown);
    expect(stream.messages.map((m) => m.type)).toContain('error');
    expect(stream.messages).toContainEqual(
      expect.objectContaining({ type: 'done', billed_seconds: 4 }),
    );
  }, 120_000);
});

/**
 * Floods on the public API: uploads that are refused leave nothing in the staging folder, /v1 is
 * rate-limited per IP and per API key (429 + Retry-After, OpenAI's shape on its endpoint, counted
 * before an upload's body is read), and uploads that stall or trickle are cut off with a 408.
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { blobDirIn, stagingDirIn } from '../src/transcription/blobs/blobStore.js';
import type { TestServer } from './helpers.js';
import {
  audioForm,
  customer,
  fixture,
  silentMp3,
  startTranscriptionServer,
  type Customer,
} from './transcription-helpers.js';

const BOUNDARY = 'parlance-floods';
/** How long to wait for the server's side of an abandoned connection; it takes milliseconds. */
const POLL = { timeout: 10_000 };

/** Files left in the server's staging folder, with their sizes. */
async function staged(server: TestServer): Promise<{ name: string; size: number }[]> {
  const dir = stagingDirIn(blobDirIn(server.config.dataDir));
  const names = await readdir(dir).catch(() => []);
  return Promise.all(
    names.map(async (name) => ({ name, size: (await stat(join(dir, name))).size })),
  );
}

interface RawAnswer {
  status: number;
  headers: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
}

/**
 * A multipart upload written by hand on a raw socket: the headers announce `announced` bytes,
 * then the start of a `file` part is sent (nothing when `firstBytes` is 0) and the socket is left
 * to the test (stall, trickle, abort).
 */
function openUpload(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
  { announced = 5 * 1024 * 1024, firstBytes = 64 * 1024, localAddress = '127.0.0.1' } = {},
): Socket {
  const { hostname, port } = new URL(server.url);
  const socket = connect({ port: Number(port), host: hostname, localAddress });
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${announced}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  if (firstBytes > 0) {
    socket.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.wav"\r\n` +
        'Content-Type: audio/wav\r\n\r\n',
    );
    socket.write(Buffer.alloc(firstBytes, 7));
  }
  return socket;
}

/** The first HTTP answer on the socket (it may stay open afterwards). */
function answerOn(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = text.slice(0, end);
      const length = Number(/content-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
      const body = received.subarray(end + 4);
      if (body.length < length) return;
      socket.off('data', onData);
      resolve({
        status: Number(headers.split(' ')[1]),
        headers,
        body: JSON.parse(body.subarray(0, length).toString('utf8')),
      });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before an answer')));
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

describe('refused uploads leave nothing staged', () => {
  let server: TestServer;
  let alice: Customer;
  let broke: Customer;
  let big: string;
  let long: string;

  beforeAll(async () => {
    server = await startTranscriptionServer(
      { MAX_UPLOAD_MB: '1', MAX_AUDIO_SECONDS: '30' },
      { env: { UPLOAD_IDLE_TIMEOUT: '1', UPLOAD_TIMEOUT: '3' } },
    );
    alice = await customer(server, 500);
    broke = await customer(server, 0);
    big = join(tmpdir(), `parlance-floods-${randomUUID()}.wav`);
    await writeFile(big, Buffer.alloc(1.5 * 1024 * 1024, 1));
    long = join(tmpdir(), `parlance-floods-${randomUUID()}.mp3`);
    silentMp3(long, 40);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([big, long].map((file) => rm(file, { force: true })));
  });

  it('a burst of 100 rejected uploads of every kind, to both endpoints, leaves 0 bytes', async () => {
    const jfk = fixture('jfk.wav');
    const notAudio = fixture('transcripts.tsv');
    const badKey = { authorization: 'Bearer pk_live_wrong' };
    const native =
      (who: { authorization: string }, fields: Record<string, string>, file: string) =>
      async () => {
        const res = await server.client().post('/v1/transcript', await audioForm(fields, file), {
          headers: who,
        });
        return { status: res.status, code: res.body.code as string };
      };
    const openai =
      (who: { authorization: string }, fields: Record<string, string>, file: string) =>
      async () => {
        const res = await server
          .client()
          .post('/v1/audio/transcriptions', await audioForm(fields, file), { headers: who });
        return { status: res.status, code: res.body.error.code as string };
      };
    const kinds: [() => Promise<{ status: number; code: string }>, number, string][] = [
      [native(alice.auth, { timestamp_style: 'bogus' }, jfk), 400, 'validation_failed'],
      [native(alice.auth, { model: 'huge-v9' }, jfk), 400, 'invalid_model'],
      [native(alice.auth, { audio_url: 'https://example.com/a.mp3' }, jfk), 400, 'audio_conflict'],
      [native(alice.auth, {}, notAudio), 422, 'unsupported_audio'],
      [native(alice.auth, {}, big), 413, 'file_too_large'],
      [native(alice.auth, {}, long), 413, 'audio_too_long'],
      [native(broke.auth, {}, jfk), 402, 'insufficient_credits'],
      [native(badKey, {}, jfk), 401, 'invalid_api_key'],
      [
        openai(alice.auth, { model: 'whisper-1', response_format: 'doc' }, jfk),
        400,
        'invalid_response_format',
      ],
      [openai(alice.auth, { model: 'huge-v9' }, jfk), 400, 'invalid_model'],
      [
        openai(alice.auth, { model: 'whisper-1', prompt: 'x'.repeat(1001) }, jfk),
        400,
        'invalid_prompt',
      ],
      [openai(alice.auth, { model: 'whisper-1' }, notAudio), 422, 'unsupported_audio'],
      [openai(alice.auth, { model: 'whisper-1' }, big), 413, 'file_too_large'],
      [openai(broke.auth, { model: 'whisper-1' }, jfk), 402, 'insufficient_credits'],
      [openai(badKey, { model: 'whisper-1' }, jfk), 401, 'invalid_api_key'],
    ];
    const burst = Array.from({ length: 90 }, (_, i) => kinds[i % kinds.length]!);
    for (let i = 0; i < burst.length; i += 15) {
      const answers = await Promise.all(burst.slice(i, i + 15).map(([send]) => send()));
      answers.forEach((answer, j) => {
        const [, status, code] = burst[i + j]!;
        expect(answer).toEqual({ status, code });
      });
    }

    // Ten uploads abandoned mid-body, each once its bytes are on the server's disk.
    for (let i = 0; i < 10; i++) {
      const path = i % 2 ? '/v1/transcript' : '/v1/audio/transcriptions';
      const socket = openUpload(server, path, alice.auth);
      await expect
        .poll(async () => (await staged(server)).some((f) => f.size > 0), POLL)
        .toBe(true);
      socket.destroy();
      await expect.poll(() => staged(server), POLL).toEqual([]);
    }
    expect(await staged(server)).toEqual([]);
  });

  it('a multipart body the parser cannot read (no boundary) is a 400, not a server error', async () => {
    for (const path of ['/v1/transcript', '/v1/audio/transcriptions']) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...alice.auth, 'content-type': 'multipart/form-data' },
        body: 'model=tiny.en',
      });
      expect(res.status).toBe(400);
    }
  });

  it('an upload that stalls gets a 408 and the connection closes, staging empty (both endpoints)', async () => {
    for (const path of ['/v1/transcript', '/v1/audio/transcriptions']) {
      const socket = openUpload(server, path, alice.auth);
      await expect.poll(async () => (await staged(server)).length, POLL).toBe(1);
      const answer = await answerOn(socket);
      expect(answer.status).toBe(408);
      expect(answer.headers).toMatch(/connection: close/i);
      const body = path === '/v1/transcript' ? answer.body : answer.body.error;
      expect(body).toMatchObject({
        code: 'upload_stalled',
        message: 'The upload stalled: no data for 1 s',
      });
      await closed(socket);
      expect(await staged(server)).toEqual([]);
    }
  });

  it('an upload that trickles past the deadline gets a 408 too', async () => {
    const socket = openUpload(server, '/v1/transcript', alice.auth);
    const trickle = setInterval(() => socket.write(Buffer.alloc(16, 7)), 100);
    try {
      const answer = await answerOn(socket);
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({
        code: 'upload_timeout',
        message: 'The upload did not complete within 3 s',
      });
      await closed(socket);
    } finally {
      clearInterval(trickle);
    }
    expect(await staged(server)).toEqual([]);
  });
});

/** A request from a loopback address of the test's choosing, so each test has an IP of its own. */
async function from(
  localAddress: string,
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  form?: FormData,
): Promise<RawAnswer> {
  const sent = { ...headers };
  let body: Buffer | undefined;
  if (form) {
    const encoded = new Request(server.url, { method: 'POST', body: form });
    body = Buffer.from(await encoded.arrayBuffer());
    sent['content-type'] = encoded.headers.get('content-type') ?? '';
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      { method, headers: sent, localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.entries(res.headers)
              .map(([name, value]) => `${name}: ${String(value)}`)
              .join('\r\n'),
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const retryAfter = (answer: RawAnswer) =>
  Number(/retry-after: *(\d+)/i.exec(answer.headers)?.[1] ?? NaN);

describe('rate limits on /v1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer(
      {},
      {
        env: {
          API_RATE_LIMIT_IP_MAX: '8',
          API_RATE_LIMIT_IP_SUBMIT_MAX: '4',
          API_RATE_LIMIT_KEY_MAX: '5',
          API_RATE_LIMIT_KEY_SUBMIT_MAX: '2',
          API_RATE_LIMIT_USER_MAX: '7',
          API_RATE_LIMIT_USER_SUBMIT_MAX: '3',
        },
      },
    );
  });
  afterAll(() => server?.close());

  const read = (ip: string, who?: Customer) =>
    from(ip, server, 'GET', `/v1/transcript/${randomUUID()}`, who?.auth);
  const submitNothing = async (ip: string, who: Customer) =>
    from(ip, server, 'POST', '/v1/transcript', who.auth, await audioForm({}));

  it('per API key: the 6th request in the window is a 429 with Retry-After; other keys go on', async () => {
    const [a, b] = [await customer(server, 100), await customer(server, 100)];
    for (let i = 0; i < 5; i++) expect((await read('127.0.0.11', a)).status).toBe(404);
    const refused = await read('127.0.0.11', a);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts\. Try again in /),
    });
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    expect((await read('127.0.0.11', b)).status).toBe(404);
  });

  it('per account: more keys do not raise the limit; the playground session counts too', async () => {
    const a = await customer(server, 100);
    const second = await a.api.post('/api/api-keys', { name: 'second' });
    expect(second.status).toBe(201);
    const otherKey = { authorization: `Bearer ${second.body.secret}` };
    for (let i = 0; i < 4; i++) expect((await read('127.0.0.21', a)).status).toBe(404);
    for (let i = 0; i < 3; i++) {
      const res = await from(
        '127.0.0.21',
        server,
        'GET',
        `/v1/transcript/${randomUUID()}`,
        otherKey,
      );
      expect(res.status).toBe(404);
    }
    // 7 requests from two keys, each under its own limit of 5: the account's 8th is refused.
    const refused = await from(
      '127.0.0.21',
      server,
      'GET',
      `/v1/transcript/${randomUUID()}`,
      otherKey,
    );
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    const b = await customer(server, 100);
    expect((await read('127.0.0.23', b)).status).toBe(404);
  });

  it('submissions per account: a new key of the same account gets no fresh submission share', async () => {
    const a = await customer(server, 100);
    const second = await a.api.post('/api/api-keys', { name: 'second' });
    const other = { ...a, auth: { authorization: `Bearer ${second.body.secret}` } };
    for (const who of [a, a, other])
      expect((await submitNothing('127.0.0.22', who)).body.code).toBe('audio_required');
    expect((await submitNothing('127.0.0.22', other)).status).toBe(429);
  });

  it('per IP: every key, and requests without one, are refused once the IP used its share', async () => {
    const [c, d, e] = [
      await customer(server, 100),
      await customer(server, 100),
      await customer(server, 100),
    ];
    for (let i = 0; i < 4; i++) {
      expect((await read('127.0.0.12', c)).status).toBe(404);
      expect((await read('127.0.0.12', d)).status).toBe(404);
    }
    const fresh = await read('127.0.0.12', e);
    expect(fresh.status).toBe(429);
    expect(retryAfter(fresh)).toBeGreaterThanOrEqual(1);
    // Counted before authentication: no database work for a flood without a key.
    expect((await read('127.0.0.12')).status).toBe(429);
    // One counter for all of /v1, the OpenAI endpoint included.
    const openai = await from('127.0.0.12', server, 'POST', '/v1/audio/transcriptions', e.auth);
    expect(openai.status).toBe(429);
    expect(openai.body.error.code).toBe('rate_limit_exceeded');
    expect((await read('127.0.0.13', e)).status).toBe(404);
  });

  it('submissions per key have their own lower limit, counted before the upload is read', async () => {
    const f = await customer(server, 100);
    for (let i = 0; i < 2; i++) {
      const res = await submitNothing('127.0.0.14', f);
      expect(res.body.code).toBe('audio_required');
    }
    // Only the headers of a 5 MB upload are sent: the answer cannot wait for the body.
    const socket = openUpload(server, '/v1/transcript', f.auth, {
      firstBytes: 0,
      localAddress: '127.0.0.14',
    });
    const refused = await answerOn(socket);
    socket.destroy();
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    expect((await read('127.0.0.14', f)).status).toBe(404);
  });

  it('submissions per IP: a fresh key from a busy IP is refused', async () => {
    const [g, h, i] = [
      await customer(server, 100),
      await customer(server, 100),
      await customer(server, 100),
    ];
    for (const who of [g, g, h, h])
      expect((await submitNothing('127.0.0.15', who)).body.code).toBe('audio_required');
    expect((await submitNothing('127.0.0.15', i)).status).toBe(429);
    expect((await read('127.0.0.15', i)).status).toBe(404);
  });

  it("the OpenAI endpoint answers 429 in OpenAI's shape: the SDK raises RateLimitError", async () => {
    const j = await customer(server, 100);
    const sdk = new OpenAI({
      apiKey: j.auth.authorization.replace('Bearer ', ''),
      baseURL: `${server.url}/v1`,
      maxRetries: 0,
    });
    const call = () =>
      sdk.audio.transcriptions
        .create({
          file: new File([new Uint8Array(16)], 'a.wav'),
          model: 'whisper-1',
          prompt: 'x'.repeat(1001),
        })
        .catch((e: unknown) => e);
    expect(await call()).toBeInstanceOf(OpenAI.BadRequestError);
    expect(await call()).toBeInstanceOf(OpenAI.BadRequestError);
    const limited = await call();
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    const error = limited as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.error).toMatchObject({
      type: 'requests',
      code: 'rate_limit_exceeded',
      param: null,
    });
    expect(Number(error.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('settings', () => {
  it('defaults: a minute per window, uploads cut off after 60 s idle or 2 h; timers capped at a day', () => {
    const config = loadConfig({});
    expect(config.apiRateLimit).toEqual({
      windowMs: 60_000,
      perIp: 1200,
      perIpSubmissions: 240,
      perKey: 600,
      perKeySubmissions: 120,
      perUser: 1200,
      perUserSubmissions: 240,
    });
    expect(config.uploadTimeouts).toEqual({ idleMs: 60_000, totalMs: 7_200_000 });
    expect(() => loadConfig({ UPLOAD_TIMEOUT: String(25 * 3600) })).toThrow(ConfigError);
  });
});

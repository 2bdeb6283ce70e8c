/**
 * audio_url submissions from a loopback audio server (loopback allowed by ALLOW_PRIVATE_AUDIO_URLS),
 * SSRF refusals that stay in force even then, and signed webhook delivery with retries.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

let server: TestServer;
let alice: Customer;
let origin: Server;
let base: string;
const webhookCalls: { body: string; signature: string | undefined; at: number }[] = [];

beforeAll(async () => {
  const jfk = await readFile(fixture('jfk.mp3'));
  origin = createServer((req, res) => {
    if (req.url === '/audio/jfk.mp3')
      return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(jfk);
    if (req.url === '/redirect')
      return void res.writeHead(302, { location: '/audio/jfk.mp3' }).end();
    if (req.url === '/redirect-private')
      return void res.writeHead(302, { location: 'http://10.0.0.7/audio.mp3' }).end();
    if (req.url === '/redirect-metadata') {
      return void res
        .writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' })
        .end();
    }
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/page.html')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
    if (req.url === '/hook' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const signature = req.headers['parlance-signature'];
        webhookCalls.push({
          body,
          signature: typeof signature === 'string' ? signature : undefined,
          at: Date.now(),
        });
        res.writeHead(webhookCalls.length === 1 ? 500 : 204).end(); // first delivery fails: retried
      });
      return;
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  server = await startTranscriptionServer({
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    AUDIO_FETCH_TIMEOUT_SECONDS: '10',
  });
  alice = await customer(server, 300);
});
afterAll(async () => {
  await server?.close();
  origin?.close();
});

describe('audio_url', () => {
  it('fetches (following a redirect), transcribes and names the file after the URL', async () => {
    const res = await submit(server, alice, {
      audio_url: `${base}/redirect`,
      timestamp_style: 'segment',
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      audioUrl: `${base}/redirect`,
      fileName: 'jfk.mp3',
      status: 'queued',
    });
    const job = await waitForJob(server, alice, res.body.id);
    expect(job.result?.text.toLowerCase()).toContain('ask not what your country');
    expect(job.result?.words).toEqual([]); // segment style: no words
  });

  it('accepts the same fields as a JSON body', async () => {
    const res = await server
      .client()
      .post(
        '/v1/transcript',
        { audio_url: `${base}/audio/jfk.mp3`, timestamp_style: 'none' },
        { headers: alice.auth },
      );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ fileName: 'jfk.mp3', timestamp_style: 'none' });
    expect((await waitForJob(server, alice, res.body.id)).status).toBe('completed');
  });

  it.each([
    ['10.x', 'http://10.1.2.3/a.mp3'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT', 'http://100.64.0.1/a.mp3'],
    ['IPv6 ULA', 'http://[fd00::1]/a.mp3'],
    ['IPv4-mapped IPv6', 'http://[::ffff:10.0.0.1]/a.mp3'],
    ['redirect to 10.x', '/redirect-private'],
    ['redirect to metadata', '/redirect-metadata'],
    ['file scheme', 'file:///etc/passwd'],
  ])('refuses %s with 400', async (_label, url) => {
    const res = await submit(server, alice, {
      audio_url: url.startsWith('/') ? `${base}${url}` : url,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('url_refused');
  });

  it('422 for non-audio, HTTP errors, redirect loops and unresolvable hosts', async () => {
    const html = await submit(server, alice, { audio_url: `${base}/page.html` });
    expect(html.status).toBe(422);
    expect(html.body.code).toBe('unsupported_audio');
    const missing = await submit(server, alice, { audio_url: `${base}/nope.mp3` });
    expect(missing).toMatchObject({
      status: 422,
      body: { code: 'url_unreachable', message: expect.stringContaining('HTTP 404') },
    });
    const loop = await submit(server, alice, { audio_url: `${base}/loop` });
    expect(loop.body.message).toContain('Too many redirects');
    const nowhere = await submit(server, alice, { audio_url: 'http://no-such-host.invalid/a.mp3' });
    expect(nowhere).toMatchObject({ status: 422, body: { code: 'url_unreachable' } });
  });
});

describe('webhooks', () => {
  it('POSTs {id, status} signed with the account’s secret, retrying after a failed delivery', async () => {
    const secret = (await alice.api.get('/api/account/webhook-secret')).body.secret as string;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const res = await submit(
      server,
      alice,
      { webhook_url: `${base}/hook` },
      fixture('LJ002-0035.wav'),
    );
    expect(res.status).toBe(202);
    await waitForJob(server, alice, res.body.id);
    const deadline = Date.now() + 30_000;
    while (webhookCalls.length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(webhookCalls).toHaveLength(2);
    for (const call of webhookCalls) {
      expect(JSON.parse(call.body)).toEqual({ id: res.body.id, status: 'completed' });
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.signature ?? '');
      expect(match).not.toBeNull();
      const [, t = '', v1 = ''] = match ?? [];
      expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(60);
      const expected = createHmac('sha256', secret).update(`${t}.${call.body}`).digest();
      expect(timingSafeEqual(expected, Buffer.from(v1, 'hex'))).toBe(true);
    }
    const [first, second] = webhookCalls;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('refuses a private webhook_url at submission', async () => {
    const res = await submit(
      server,
      alice,
      { webhook_url: 'http://10.0.0.1/hook' },
      fixture('LJ002-0035.wav'),
    );
    expect(res.status).toBe(400);
  });
});

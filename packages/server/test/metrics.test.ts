/**
 * GET /metrics (Prometheus' text format): a real job (tiny.en, jfk) shows in the HTTP, job and
 * queue series; only this machine may read it unless METRICS_TOKEN is set, and then only with
 * the token. A worker process answers health, readiness and metrics on its own port.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayReadMetrics } from '../src/system/metrics.js';
import { serveWorkerHttp, type WorkerHttp } from '../src/system/workerHttp.js';
import { startServer, type TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
} from './transcription-helpers.js';

/** The value of one series in a scrape, by its name and labels as Prometheus prints them. */
function series(scrape: string, name: string): number | undefined {
  const line = scrape.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('GET /metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer();
  });
  afterAll(() => server?.close());

  it('counts requests by route, jobs by outcome and model, and reads the queue', async () => {
    const who = await customer(server, 100);
    const sent = await submit(
      server,
      who,
      { language: 'en', model: 'tiny.en' },
      fixture('jfk.wav'),
    );
    expect(sent.status).toBe(202);
    expect((await waitForJob(server, who, sent.body.id)).status).toBe('completed');
    const id = sent.body.id as string;
    await server.client().get(`/v1/transcript/${id}`, { headers: who.auth });

    const res = await server.client().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const scrape = res.body as string;
    // By the route's pattern, never the path with its id.
    expect(
      series(
        scrape,
        'parlance_http_request_duration_seconds_count{method="POST",route="/v1/transcript",status="202"}',
      ),
    ).toBe(1);
    expect(
      series(
        scrape,
        'parlance_http_request_duration_seconds_count{method="GET",route="/v1/transcript/:id",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(scrape).not.toContain(id);
    expect(
      series(scrape, 'parlance_jobs_finished_total{model="tiny.en",outcome="completed"}'),
    ).toBe(1);
    expect(series(scrape, 'parlance_job_latency_seconds_count{model="tiny.en"}')).toBe(1);
    expect(series(scrape, 'parlance_job_real_time_factor_count{model="tiny.en"}')).toBe(1);
    expect(series(scrape, 'parlance_jobs{state="queued"}')).toBe(0);
    expect(series(scrape, 'parlance_jobs{state="processing"}')).toBe(0);
    expect(series(scrape, 'parlance_queue_oldest_seconds')).toBe(0);
    expect(series(scrape, 'parlance_live_streams_open')).toBe(0);
    expect(scrape).toContain('parlance_process_resident_memory_bytes');
  }, 120_000);

  it('answers only this machine: a request a proxy forwarded is refused', async () => {
    const res = await server
      .client()
      .get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect([res.status, res.body.code]).toEqual([403, 'metrics_forbidden']);
    // A page that rebinds its name to 127.0.0.1 is refused by name, before it could read them.
    const rebound = await server.app.inject({
      url: '/metrics',
      headers: { host: 'rebind.example' },
      remoteAddress: '127.0.0.1',
    });
    expect([rebound.statusCode, rebound.json().code]).toEqual([421, 'unknown_host']);
  });

  it('answers nobody without a token once deployed: a local proxy may add no header', () => {
    const local = { socket: { remoteAddress: '127.0.0.1' }, headers: {} } as IncomingMessage;
    expect(mayReadMetrics(local, { token: null, deployed: false })).toBe(true);
    expect(mayReadMetrics(local, { token: null, deployed: true })).toBe(false);
    const bearing = { ...local, headers: { authorization: 'Bearer a-token-of-sixteen+' } };
    const access = { token: 'a-token-of-sixteen+', deployed: true };
    expect(mayReadMetrics(bearing as IncomingMessage, access)).toBe(true);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  const token = 'scrape-me-with-this-token';
  beforeAll(async () => {
    server = await startServer({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => server?.close());

  it('answers the token only, whoever asks', async () => {
    const client = server.client();
    expect((await client.get('/metrics')).status).toBe(403);
    const wrong = await client.get('/metrics', { headers: { authorization: `Bearer ${token}x` } });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'metrics_forbidden']);
    const right = await client.get('/metrics', {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(right.status).toBe(200);
    expect(right.body).toContain('# TYPE parlance_jobs gauge');
    // A scraper reaches it by the pod's address, whatever host that is.
    const byAddress = await server.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}`, host: '10.1.2.3:3000' },
      remoteAddress: '10.1.2.4',
    });
    expect(byAddress.statusCode).toBe(200);
  });
});

describe("a worker's own port", () => {
  let server: TestServer;
  let http: WorkerHttp;
  beforeAll(async () => {
    server = await startServer();
    http = await serveWorkerHttp(0, {
      storage: server.storage,
      metrics: server.app.services.metrics,
      access: { token: null, deployed: false },
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await http?.close();
    await server?.close();
  });

  it('answers health, readiness (503 with its storage down) and metrics, and 404 for anything else', async () => {
    const at = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${http.port}${path}`, { headers });
    expect(await (await at('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await at('/api/ready');
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: 'ready', storage: server.storage.kind },
    ]);
    const metrics = await at('/metrics');
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('parlance_jobs_finished_total');
    const forwarded = await at('/metrics', { 'x-forwarded-for': '203.0.113.9' });
    expect([forwarded.status, ((await forwarded.json()) as { code: string }).code]).toEqual([
      403,
      'metrics_forbidden',
    ]);
    const down = await serveWorkerHttp(0, {
      storage: { ...server.storage, ping: () => Promise.reject(new Error('connection refused')) },
      metrics: server.app.services.metrics,
      access: { token: null, deployed: false },
      host: '127.0.0.1',
    });
    try {
      const notReady = await fetch(`http://127.0.0.1:${down.port}/api/ready`);
      expect([notReady.status, await notReady.json()]).toEqual([
        503,
        { code: 'not_ready', message: 'Storage is not reachable' },
      ]);
    } finally {
      await down.close();
    }
    const other = await at('/anything');
    expect([other.status, ((await other.json()) as { code: string }).code]).toEqual([
      404,
      'not_found',
    ]);
  });
});

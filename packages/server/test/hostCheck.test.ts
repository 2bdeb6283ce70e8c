/**
 * DNS rebinding: a page on another site that points its name at 127.0.0.1 reaches a local server
 * with that name as its Host. The server answers only its own host names (issue 36).
 */
import { request } from 'node:http';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { hostAllowed, registerHostCheck } from '../src/http/hostCheck.js';
import { createLogger } from '../src/logger.js';
import { startServer, type TestServer } from './helpers.js';

/** A GET with the Host header a browser would send for `host`; fetch cannot set it. */
function getAs(server: TestServer, path: string, host: string) {
  const { port } = new URL(server.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Host check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answers a rebound name with 421 and reads nothing, locally', async () => {
    const { port } = new URL(server.url);
    const rebound = await getAs(server, '/api/dev/outbox', `rebind.attacker.example:${port}`);
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toEqual({
      message: 'This server does not answer for that host name: use its own address',
      code: 'unknown_host',
    });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost:3000'])
      expect((await getAs(server, '/api/dev/outbox', host)).status).toBe(200);
  });

  it('answers health checks whatever their Host, as orchestrators probe by IP', async () => {
    expect((await getAs(server, '/api/health', '10.0.0.7:3000')).status).toBe(200);
    expect((await getAs(server, '/api/ready', '10.0.0.7:3000')).status).toBe(200);
    expect((await getAs(server, '/api/config', '10.0.0.7:3000')).status).toBe(421);
  });

  it('knows a local server by loopback names only', () => {
    const allowed = hostAllowed(loadConfig({ PORT: '3000' }));
    for (const host of ['localhost:3000', '127.0.0.1:5173', '[::1]:3000', 'LOCALHOST', 'localhost'])
      expect(allowed(host), host).toBe(true);
    for (const host of [
      'rebind.attacker.example:3000',
      'localhost.attacker.example',
      '127.0.0.1.nip.io:3000',
      'attacker.example@127.0.0.1',
      '127.0.0.1/x',
      '127.0.0.1:3000 ',
      '',
      undefined,
    ])
      expect(allowed(host), String(host)).toBe(false);
  });

  it('knows a deployment by its APP_URL and PUBLIC_URL hosts, with or without their ports', () => {
    const allowed = hostAllowed(
      loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://app.parlance.example',
        PUBLIC_URL: 'https://api.parlance.example:8443',
      }),
    );
    for (const host of [
      'app.parlance.example',
      'App.Parlance.Example:443',
      'api.parlance.example:8443',
    ])
      expect(allowed(host), host).toBe(true);
    for (const host of [
      'api.parlance.example',
      'app.parlance.example:8443',
      'localhost:3000',
      '127.0.0.1',
      'evil.example',
    ])
      expect(allowed(host), host).toBe(false);
    // A proxy that sends its own Host: named in ALLOWED_HOSTS, as the header carries it.
    const proxied = hostAllowed(
      loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://app.parlance.example',
        ALLOWED_HOSTS: ' Parlance-API:3000 , api.internal',
      }),
    );
    for (const host of ['parlance-api:3000', 'api.internal', 'app.parlance.example'])
      expect(proxied(host), host).toBe(true);
    for (const host of ['parlance-api', 'api.internal:3000', 'localhost:3000'])
      expect(proxied(host), host).toBe(false);
    // A deployment reached at a local address (behind a proxy on this machine) knows loopback names.
    const local = hostAllowed(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'loopback' }));
    expect(local('127.0.0.1:3001')).toBe(true);
    expect(local('rebind.attacker.example')).toBe(false);
  });

  it('logs each refusal with its host and what to do', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ PORT: '3000' });
    const logger: FastifyBaseLogger = createLogger({ logLevel: 'warn' }, sink);
    const app = Fastify({ loggerInstance: logger });
    registerHostCheck(app, config);
    app.get('/x', async () => 'ok');
    const refused = await app.inject({ url: '/x', headers: { host: 'proxy.internal:8080' } });
    expect(refused.statusCode).toBe(421);
    expect((await app.inject({ url: '/x', headers: { host: 'localhost:3000' } })).statusCode).toBe(
      200,
    );
    await app.close();
    const warnings = lines.map((line) => JSON.parse(line) as { host?: string; msg?: string });
    expect(warnings).toEqual([
      expect.objectContaining({
        host: 'proxy.internal:8080',
        msg: expect.stringContaining('list the host in ALLOWED_HOSTS'),
      }),
    ]);
  });
});

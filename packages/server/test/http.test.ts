import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { contentSecurityPolicy } from '../src/http/securityHeaders.js';
import {
  PAGES_FILE,
  PRERENDERED_HOME_FILE,
  PRERENDERED_ORIGIN,
  SIGNED_IN_HINT_COOKIE,
} from '@parlance/contract/endpoints';
import { apiTags } from '../src/http/openapi.js';
import { createLogger } from '../src/logger.js';
import { openApiPath, renderOpenApi } from '../scripts/openapi.js';
import { DEFAULT_PASSWORD, signUp, startServer, uniqueEmail, type TestServer } from './helpers.js';

const BUNDLE = 'export const words = "' + 'speech to text '.repeat(200) + '";';

describe('HTTP behaviour', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'parlance-web-'));
    await writeFile(
      join(staticDir, 'index.html'),
      '<!doctype html><head><title>Parlance app</title></head>',
    );
    await writeFile(
      join(staticDir, 'preloads.json'),
      JSON.stringify({
        '/dashboard/': ['/assets/shell-1.js', '/assets/shared-2.js'],
        '/dashboard/overview': ['/assets/overview-3.js', '/assets/shared-2.js'],
      }),
    );
    await writeFile(
      join(staticDir, PRERENDERED_HOME_FILE),
      `<!doctype html><title>Prerendered home</title><pre>curl ${PRERENDERED_ORIGIN}/v1/audio/transcriptions</pre>`,
    );
    await writeFile(
      join(staticDir, PAGES_FILE),
      JSON.stringify([
        '/',
        '/pricing',
        '/blog/how-we-measure-accuracy',
        '/reset-password/:token?',
        '/dashboard',
        '/dashboard/overview',
        '/dashboard/usage',
        '/dashboard/history/:id',
      ]),
    );
    await writeFile(join(staticDir, 'app.js'), 'console.log("app")');
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'assets', 'page-abc123.js'), BUNDLE);
    await writeFile(join(staticDir, 'assets', 'page-abc123.js.br'), brotliCompressSync(BUNDLE));
    server = await startServer({
      env: { STATIC_DIR: staticDir },
      configure: (app) => {
        app.get('/api/test/boom', { schema: { hide: true } }, async () => {
          throw new Error('connection string postgres://secret@db');
        });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('answers liveness, and public config with checks off by default', async () => {
    const api = server.client();
    expect((await api.get('/api/health')).body).toEqual({ status: 'ok' });
    expect((await api.get('/api/config')).body).toEqual({
      turnstileSiteKey: null,
      googleEnabled: false,
      testPayments: true, // no STRIPE_SECRET_KEY here: the built-in test provider takes payments
      signupCreditMicros: 5_000_000, // SIGNUP_BONUS_CENTS' default
      // The settings' defaults (the docs' Limits table shows what a server answers here).
      limits: {
        maxUploadBytes: 500 * 1024 * 1024,
        maxResumableUploadBytes: 5 * 1024 ** 3,
        maxAudioSeconds: 4 * 60 * 60,
        maxRunningJobsPerAccount: 4,
        rateLimitWindowSeconds: 60,
        requestsPerKey: 600,
        submissionsPerKey: 120,
        requestsPerAccount: 1200,
        submissionsPerAccount: 240,
        requestsPerIp: 1200,
        submissionsPerIp: 240,
        liveStreamsPerAccount: 2,
        liveIdleTimeoutSeconds: 20,
        liveUnusedSecondsPerHour: 300,
      },
    });
  });

  it('sends Google sign-in back to the app with an error when Google is not configured', async () => {
    const res = await server.client().get('/api/auth/google');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `${server.config.appUrl}/auth/callback?error=google_unavailable`,
    );
  });

  it('tags every response with a request id, keeping a sane incoming one', async () => {
    const api = server.client();
    expect((await api.get('/api/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await api.get('/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });

  it('sends security headers on API answers and on the web app', async () => {
    const api = server.client();
    for (const path of ['/api/health', '/dashboard/overview']) {
      const { headers } = await api.get(path);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = headers.get('content-security-policy');
      expect(csp).toContain("frame-ancestors 'none'");
      // Scripts only from this origin (and the bot check): no inline or injected script runs.
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com;");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // Served over plain HTTP here: no HSTS.
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it("lets Stripe.js run only where payments go through Stripe, from Stripe's documented origins", () => {
    const directives = (policy: string) =>
      Object.fromEntries(
        policy.split('; ').map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources];
        }),
      );
    const stripe = { secretKey: 'sk_live_x', webhookSecret: 'whsec_x', publishableKey: 'pk_x' };
    const without = directives(contentSecurityPolicy(null));
    const withStripe = directives(contentSecurityPolicy(stripe));
    expect(JSON.stringify(without)).not.toContain('stripe');
    expect(withStripe['script-src']).toEqual([
      ...(without['script-src'] ?? []),
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(withStripe['frame-src']).toEqual([
      ...(without['frame-src'] ?? []),
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(withStripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    // A test stand-in is allowed from its own origin instead, and nothing of Stripe's.
    const standIn = directives(
      contentSecurityPolicy({ ...stripe, jsUrl: new URL('http://127.0.0.1:4010/v3/stripe.js') }),
    );
    expect(standIn['script-src']).toEqual([
      ...(without['script-src'] ?? []),
      'http://127.0.0.1:4010',
    ]);
    expect(JSON.stringify(standIn)).not.toContain('stripe.com');
  });

  it('answers unknown API paths with a JSON 404 and serves the web app elsewhere', async () => {
    const api = server.client();
    for (const path of ['/api/nope', '/v1/nope']) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: `No route for GET ${path}`, code: 'not_found' });
    }
    const page = await api.get('/dashboard/overview');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('Parlance app');
    expect((await api.get('/app.js')).body).toBe('console.log("app")');
    expect((await api.post('/dashboard', {})).status).toBe(404);
  });

  it("answers 404 for a path the app has no page for, with the app's not-found page", async () => {
    const api = server.client();
    const pages = [
      '/pricing',
      '/pricing/',
      '/Pricing',
      '/pricing?plan=1',
      '/blog/how-we-measure-accuracy',
      '/reset-password',
      '/reset-password/abc',
      '/dashboard',
      '/dashboard/history/7d3e8f20',
    ];
    const noPages = [
      '/nope',
      '/pricing/extra',
      '/blog/no-such-post',
      '/dashboard/nope',
      '/dashboard/history',
      '/dashboard/history/1/2',
      '/wp-login.php',
    ];
    for (const [path, status] of [
      ...pages.map((path) => [path, 200] as const),
      ...noPages.map((path) => [path, 404] as const),
    ]) {
      const page = await api.get(path);
      expect(page.status, path).toBe(status);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.body, path).toContain('Parlance app'); // a 404 renders the not-found page
    }
    // Files of the build are still files, and HEAD agrees with GET.
    expect((await api.get('/app.js')).status).toBe(200);
    expect((await api.request('HEAD', '/nope')).status).toBe(404);
  });

  it("names a route's scripts in its page, and its first calls when the browser may be signed in", async () => {
    const links = (html: string) => html.match(/<link [^>]+>/g) ?? [];
    const overview = await server.client().get('/dashboard/overview?tab=1');
    expect(overview.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(overview.headers.get('cache-control')).toBe('private, no-cache');
    expect(overview.headers.get('vary')).toMatch(/Cookie/);
    expect(links(overview.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/shell-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/overview-3.js">',
    ]);
    expect(overview.body).toMatch(/<\/head>$/);

    const signedIn = server.client();
    signedIn.jar.set(SIGNED_IN_HINT_COOKIE, '1');
    expect(links((await signedIn.get('/dashboard/usage')).body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/shell-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-2.js">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/config">',
    ]);
    // Pages no prefix names are index.html as built.
    for (const path of ['/pricing', '/dashboard']) {
      const page = await signedIn.get(path);
      expect(page.status).toBe(200);
      expect(links(page.body)).toEqual([]);
    }
  });

  it('sends the prerendered home page, with its own address, to a browser without a session', async () => {
    const expected = `<!doctype html><title>Prerendered home</title><pre>curl ${new URL(server.config.appUrl).origin}/v1/audio/transcriptions</pre>`;
    // fetch decodes what it was sent, by its content-encoding.
    const raw = async (headers: Record<string, string>) => {
      const res = await fetch(`${server.url}/`, { headers });
      return { res, body: await res.text() };
    };
    const plain = await raw({ 'accept-encoding': 'identity' });
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(plain.res.headers.get('cache-control')).toBe('private, no-cache');
    expect(plain.res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe(expected);
    const br = await raw({ 'accept-encoding': 'gzip, br' });
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.body).toBe(expected);
    const gzip = await raw({ 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(gzip.res.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.body).toBe(expected);
    // Asked again with its tag: not modified, in each encoding.
    for (const encoding of ['identity', 'br']) {
      const etag = (await raw({ 'accept-encoding': encoding })).res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await raw({ 'accept-encoding': encoding, 'if-none-match': etag });
      expect(again.res.status).toBe(304);
      expect(again.res.headers.get('content-encoding')).toBeNull();
    }
    expect((await raw({ 'accept-encoding': 'br', 'if-none-match': '"other"' })).res.status).toBe(
      200,
    );
    // Nowhere else: its own path is a page of the app like any unknown one.
    expect((await server.client().get(`/${PRERENDERED_HOME_FILE}`)).body).toContain('Parlance app');
    // A browser that may be signed in gets the app as built: its header shows the session.
    const signedIn = server.client();
    signedIn.jar.set(SIGNED_IN_HINT_COOKIE, '1');
    const page = await signedIn.get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Parlance app');
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('vary')).toBe('Cookie, Accept-Encoding');
  });

  it('gives a live session without its hint the hint with the next page, drops an ended one, and sets nothing else', async () => {
    const { api } = await signUp(server);
    const token = api.jar.get('parlance_session') ?? '';
    const hint = (res: { headers: Headers }) =>
      res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    for (const path of ['/', '/pricing', '/dashboard/overview']) {
      const legacy = server.client();
      legacy.jar.set('parlance_session', token);
      const page = await legacy.get(path);
      expect(hint(page), path).toMatch(/^parlance_signed_in=1;/);
      // Not the prerendered home page (a session may be there), and no shared cache keeps it.
      expect(page.body, path).toContain('Parlance app');
      expect(page.headers.get('cache-control'), path).toBe('private, no-cache');
    }
    // Already hinted, or an API call: no cookie is set.
    expect(hint(await api.get('/pricing'))).toBeUndefined();
    const dead = server.client();
    dead.jar.set('parlance_session', 'forged');
    // An ended session: both cookies are dropped, no hint is given.
    expect(hint(await dead.get('/pricing'))).toMatch(/^parlance_signed_in=; Max-Age=0;/);
    expect(dead.jar.get('parlance_session')).toBeUndefined();
    const apiCall = server.client();
    apiCall.jar.set('parlance_session', token);
    expect(hint(await apiCall.get('/api/health'))).toBeUndefined();
  });

  it("keeps every API answer out of caches (one caller's data) unless its route says otherwise", async () => {
    const { api } = await signUp(server);
    for (const path of ['/api/auth/me', '/api/usage/overview', '/api/api-keys', '/api/health']) {
      expect((await api.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    const key = await api.post('/api/api-keys', { name: 'cache' });
    const models = await server.client().get('/v1/models', {
      headers: { authorization: `Bearer ${key.body.secret}` },
    });
    expect(models).toMatchObject({ status: 200 });
    expect(models.headers.get('cache-control')).toBe('no-store');
  });

  it('sends the precompressed copy of a hashed asset to browsers that accept it, cached for a year', async () => {
    const api = server.client();
    const br = await api.get('/assets/page-abc123.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.body).toBe(BUNDLE); // fetch decodes it
    const plain = await api.get('/assets/page-abc123.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe(BUNDLE);
    expect((await api.get('/app.js')).headers.get('cache-control')).toBe('public, max-age=0');
  });

  it("answers a static file's refused range and failed precondition with their own status", async () => {
    const api = server.client();
    const identity = { 'accept-encoding': 'identity' };
    const past = await api.get('/assets/page-abc123.js', {
      headers: { ...identity, range: 'bytes=999999-' },
    });
    expect([past.status, past.body.code]).toEqual([416, 'range_not_satisfiable']);
    const stale = await api.get('/assets/page-abc123.js', {
      headers: { ...identity, 'if-match': '"not-this-one"' },
    });
    expect([stale.status, stale.body.code]).toEqual([412, 'precondition_failed']);
  });

  it('hides the details of unexpected errors', async () => {
    const res = await server.client().get('/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: 'Something went wrong on our side',
      code: 'internal_error',
    });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await server
      .client()
      .post('/api/auth/login', '{"email":', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_json');
    expect(typeof res.body.message).toBe('string');
  });

  it('rejects cookie-authenticated mutations from other origins (CSRF)', async () => {
    const { api } = await signUp(server);
    const evil = await api.post(
      '/api/api-keys',
      { name: 'x' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(evil.status).toBe(403);
    expect(evil.body.code).toBe('csrf_rejected');
    const cookie = api.jar.header() ?? '';
    const bare = await fetch(`${server.url}/api/api-keys`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(bare.status).toBe(403);
    // An Authorization header does not exempt a cookie-only dashboard route: the cookie still authenticates.
    const withHeader = await fetch(`${server.url}/api/api-keys`, {
      method: 'POST',
      headers: {
        cookie,
        authorization: 'Bearer anything',
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(withHeader.status).toBe(403);
    const viaReferer = await fetch(`${server.url}/api/api-keys`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        referer: `${server.url}/dashboard/api-keys`,
      },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(viaReferer.status).toBe(201);
    // Reads are not mutations, and requests without a session cookie carry no ambient authority.
    expect(
      (await api.get('/api/api-keys', { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
    const anonymous = await server
      .client()
      .post(
        '/api/auth/login',
        { email: uniqueEmail(), password: DEFAULT_PASSWORD },
        { headers: { origin: 'https://evil.example' } },
      );
    expect(anonymous.status).toBe(401);
  });

  it('serves the local outbox to this machine only, whatever the request says', async () => {
    const from = (remoteAddress: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    const remote = await from('192.0.2.7');
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({
      message: 'The outbox can only be read from this machine',
      code: 'outbox_local_only',
    });
  });

  it('publishes OpenAPI 3.1 and a local interactive reference', async () => {
    const api = server.client();
    const doc = await api.get('/api/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/api-keys/{id}/toggle']),
    );
    expect(doc.body.paths['/api/dev/outbox']).toBeUndefined();
    const page = await api.get('/api/reference/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('swagger');
    expect(page.body).not.toMatch(/src="https?:/);
    expect((await api.get('/api/reference/static/swagger-ui-bundle.js')).status).toBe(200);
  });

  it("brands the reference as Parlance's, public API first and the web app's own calls last", async () => {
    const api = server.client();
    const page = await api.get('/api/reference/');
    expect(page.body).toContain('<title>Parlance API reference</title>');
    expect(page.body).not.toContain('<title>Swagger UI</title>');
    const doc = (await api.get('/api/openapi.json')).body as {
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    expect(doc.tags.map(({ name }) => name)).toEqual(apiTags.map(({ name }) => name));
    expect(doc.tags.slice(0, 2).map(({ name }) => name)).toEqual(['transcription', 'openai']);
    // Every operation is in one of the reference's sections, and /v1 only in the public ones.
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, { tags }] of Object.entries(operations)) {
        expect(tags, `${method} ${path}`).toHaveLength(1);
        expect(
          apiTags.map(({ name }) => name),
          `${method} ${path}`,
        ).toContain(tags[0]);
        if (path.startsWith('/v1/')) expect(['transcription', 'openai']).toContain(tags[0]);
        if (tags[0] === 'transcription' || tags[0] === 'openai')
          expect(path, `${method} ${path}`).toMatch(/^\/v1\//);
      }
  });

  it('has an up-to-date packages/contract/openapi.json (run `npm run openapi -w @parlance/server`)', async () => {
    const committed = await readFile(openApiPath, 'utf8');
    expect(await renderOpenApi(server.app)).toBe(committed);
  });

  it('keeps secrets out of the log', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ logLevel: 'info' }, sink);
    logger.info(
      { req: { headers: { cookie: 'parlance_session=abc', authorization: 'Bearer pk_live_x' } } },
      'request',
    );
    logger.info({ body: { email: 'a@b.c', password: 'hunter22' } }, 'body');
    const output = lines.join('');
    expect(output).not.toMatch(/parlance_session=abc|pk_live_x|hunter22/);
    expect(output).toContain('a@b.c');
  });
});

describe('bot check and rate limits', () => {
  let server: TestServer;
  let verifier: Server;
  const received: URLSearchParams[] = [];
  beforeAll(async () => {
    // A stand-in for Cloudflare's siteverify: only "good-token" passes.
    verifier = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ success: form.get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const { port } = verifier.address() as AddressInfo;
    server = await startServer({
      env: {
        TURNSTILE_SECRET: 'turnstile-secret',
        TURNSTILE_SITE_KEY: 'site-key-1',
        TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
        AUTH_RATE_LIMIT_EMAIL_MAX: '3',
        AUTH_RATE_LIMIT_IP_MAX: '7', // one login is spent by the Turnstile test before the rate-limit one
        AUTH_RATE_LIMIT_WINDOW: '600',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    if (verifier.listening) await new Promise((resolve) => verifier.close(resolve));
  });

  it('tells the app the site key', async () => {
    expect((await server.client().get('/api/config')).body).toMatchObject({
      turnstileSiteKey: 'site-key-1',
      googleEnabled: false,
      testPayments: true, // no STRIPE_SECRET_KEY here: the built-in test provider takes payments
      signupCreditMicros: 5_000_000, // SIGNUP_BONUS_CENTS' default
    });
  });

  it('requires a valid Turnstile token to register', async () => {
    const api = server.client();
    const body = { name: 'Bot?', email: uniqueEmail(), password: DEFAULT_PASSWORD };
    const missing = await api.post('/api/auth/register', body);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'Please complete the bot check and try again.',
      code: 'bot_check_failed',
    });
    const bad = await api.post('/api/auth/register', {
      ...body,
      'cf-turnstile-response': 'bad-token',
    });
    expect(bad.body).toEqual({
      message: 'The bot check failed. Please try again.',
      code: 'bot_check_failed',
    });
    const good = await api.post('/api/auth/register', {
      ...body,
      'cf-turnstile-response': 'good-token',
    });
    expect(good.status).toBe(201);
    expect(received.at(-1)?.get('secret')).toBe('turnstile-secret');
  });

  it('requires the Turnstile token to sign in too', async () => {
    const res = await server
      .client()
      .post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bot_check_failed');
  });

  it('limits login attempts per e-mail, then per IP, with 429 and Retry-After', async () => {
    const api = server.client();
    const attempt = (email: string) =>
      api.post('/api/auth/login', {
        email,
        password: 'wrong password',
        'cf-turnstile-response': 'good-token',
      });
    const target = uniqueEmail('victim');
    for (let i = 0; i < 3; i++) expect((await attempt(target)).status).toBe(401);
    const limited = await attempt(target);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(limited.body).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 10 minutes.',
    });
    // Another address from the same IP is still allowed until the per-IP budget (7) is spent.
    expect((await attempt(uniqueEmail())).status).toBe(401);
    expect((await attempt(uniqueEmail())).status).toBe(401);
    expect((await attempt(uniqueEmail())).status).toBe(429);
  });

  it('limits forgot-password per e-mail', async () => {
    const api = server.client();
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++)
      expect((await api.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const limited = await api.post('/api/auth/forgot-password', { email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('fails closed with 503 when the Turnstile verifier is unreachable', async () => {
    await new Promise((resolve) => verifier.close(resolve));
    const res = await server.client().post('/api/auth/register', {
      name: 'Offline',
      email: uniqueEmail(),
      password: DEFAULT_PASSWORD,
      'cf-turnstile-response': 'good-token',
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: 'The bot check is unavailable right now. Please try again.',
      code: 'bot_check_unavailable',
    });
  });
});

describe('rate limits shared through Redis', () => {
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    AUTH_RATE_LIMIT_EMAIL_MAX: '2',
  };
  let first: TestServer;
  let second: TestServer;
  let redisDown: TestServer;
  beforeAll(async () => {
    first = await startServer({ env });
    second = await startServer({ env });
    redisDown = await startServer({ env: { ...env, REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), redisDown.close()]);
  });

  it('counts attempts across API processes', async () => {
    const email = uniqueEmail('shared');
    const login = (server: TestServer) =>
      server.client().post('/api/auth/login', { email, password: 'wrong password' });
    expect((await login(first)).status).toBe(401);
    expect((await login(second)).status).toBe(401);
    const limited = await login(first);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('keeps counting in the process when Redis is unreachable: an outage never switches limits off', async () => {
    const email = uniqueEmail('outage');
    const login = () =>
      redisDown.client().post('/api/auth/login', { email, password: 'wrong password' });
    expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(401);
    const limited = await login();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  /** The client IP the server sees for a request whose X-Forwarded-For the client filled in. */
  async function seenIp(trustProxy: string): Promise<string> {
    const server = await startServer({
      env: { TRUST_PROXY: trustProxy },
      configure: (app) => {
        app.get('/test/ip', async (request) => ({ ip: request.ip }));
      },
    });
    servers.push(server);
    const response = await fetch(`${server.url}/test/ip`, {
      // What a client forged (6.6.6.6), then what the proxy on 127.0.0.1 appended (10.0.0.9).
      headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.9' },
    });
    return ((await response.json()) as { ip: string }).ip;
  }

  it('a hop count or an address list trusts only those proxies: a client cannot pick its IP', async () => {
    expect(await seenIp('1')).toBe('10.0.0.9');
    expect(await seenIp('loopback')).toBe('10.0.0.9');
    expect(await seenIp('127.0.0.1/8, 10.0.0.0/8')).toBe('6.6.6.6'); // both hops are ours
    expect(await seenIp('false')).toBe('127.0.0.1');
  });

  it('refuses true, which would trust every entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust every/,
    );
  });

  it.each([
    ['0.0.0.0/0', 'would trust every address'],
    ['10.0.0.0/8, ::/0', '::/0 would trust every address'],
    ['proxy.internal', 'proxy.internal is not an address'],
    ['10.0.0.1/33', 'has a prefix longer than its address'],
    ['10.0.0.0/8/1', 'is not an address'],
  ])('refuses %s, naming the setting', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY: `);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });
});

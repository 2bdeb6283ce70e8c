/**
 * Test helpers shared by every server suite: start a real server on either storage backend,
 * talk to it over HTTP with a cookie jar, and sign up users through the local outbox.
 *
 *   const server = await startServer({ backend: 'postgres' });
 *   const { api } = await signUp(server);        // a verified, signed-in user
 *   const res = await api.get('/api/auth/me');   // res.status, res.body, res.headers
 *   await server.close();
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { createLedger } from '../src/billing/ledger.js';
import { loadConfig, type Config } from '../src/config.js';
import type { OutboxMessage, User } from '@parlance/contract';
import { migrationsFolder, openDatabase, type Storage } from '../src/db/index.js';
import { createLogger } from '../src/logger.js';
import { createMailer, type Mailer } from '../src/mail/mailer.js';

export type Backend = 'pglite' | 'postgres';

/** Storage-dependent suites run once per backend: `describe.each(backends)('... (%s)', (backend) => ...)`. */
export const backends: Backend[] = ['pglite', 'postgres'];

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 — no trailing slash. */
  url: string;
  app: FastifyInstance;
  config: Config;
  storage: Storage;
  mailer: Mailer;
  /** A client with its own, empty cookie jar. */
  client(): ApiClient;
  close(): Promise<void>;
}

/** A server reached over HTTP only (the helpers below need no in-process app or storage). */
export type Reachable = Pick<TestServer, 'url' | 'client'>;

export interface StartOptions {
  backend?: Backend;
  /** Extra environment for loadConfig, e.g. { TURNSTILE_SECRET: 'x' }. */
  env?: Record<string, string>;
  /** Runs after buildApp and before listen, e.g. to add a test-only route. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Storage: PGlite in a temp dir (copied from a migrated template: initdb takes ~10 s), or a fresh
// PostgreSQL database per server (created from TEST_DATABASE_URL, dropped on close).

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(await readFile(join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const template = join(tmpdir(), `parlance-pglite-template-${await migrationsHash()}`);
  if (existsSync(template)) return template;
  const building = await mkdtemp(`${template}-building-`);
  const storage = await openDatabase({ dataDir: building });
  await storage.close();
  await rename(building, template).catch(async () =>
    rm(building, { recursive: true, force: true }),
  );
  return template;
}

/** A new DATA_DIR holding a migrated PGlite database; the caller removes it. */
export async function freshDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parlance-test-'));
  await cp(await pgliteTemplate(), dataDir, { recursive: true });
  return dataDir;
}

async function prepareStorage(
  backend: Backend,
): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  if (backend === 'pglite') {
    const dataDir = await freshDataDir();
    return {
      env: { DATA_DIR: dataDir },
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'parlance-test-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const name = `parlance_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await removeDir();
    },
  };
}

// ---------------------------------------------------------------------------------------------

/** Builds the real app on real storage and listens on a random loopback port. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const prepared = await prepareStorage(options.backend ?? 'pglite');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    STATIC_DIR: join(prepared.env.DATA_DIR ?? tmpdir(), 'no-web-app'),
    // Suites sign up many users from 127.0.0.1; per-e-mail limits still apply.
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    ...prepared.env,
    ...options.env,
  });
  const logger = createLogger(config);
  const storage = await openDatabase(config);
  const mailer = createMailer(config, storage.db, logger);
  const app = await buildApp(config, { storage, mailer, logger });
  const close = async () => {
    await app.close();
    mailer.close();
    await storage.close();
    await prepared.cleanup();
  };
  try {
    await options.configure?.(app);
    const address = await app.listen({ host: '127.0.0.1', port: config.port });
    const url = address.replace('localhost', '127.0.0.1');
    return { url, app, config, storage, mailer, client: () => new ApiClient(url), close };
  } catch (err) {
    await close();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------

/** A minimal browser-like cookie jar: remembers name=value pairs and honours deletions. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.trim().split('=');
        return (
          (key.toLowerCase() === 'max-age' && Number(val) <= 0) ||
          (key.toLowerCase() === 'expires' && new Date(val).getTime() <= Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are asserted field by field
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON unless it is FormData or a string. */
  body?: unknown;
}

/** fetch with a cookie jar; sends the server's own Origin like the web app does (CSRF check). */
export class ApiClient {
  readonly jar = new CookieJar();

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...options.headers };
    const cookie = this.jar.header();
    if (cookie && !('cookie' in headers)) headers.cookie = cookie;
    let body: RequestInit['body'];
    if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    this.jar.store(response);
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      body: type.includes('json') ? JSON.parse(text) : text,
    };
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('POST', path, { ...options, body });
  put = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('PUT', path, { ...options, body });
  patch = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('PATCH', path, { ...options, body });
  delete = (path: string, body?: unknown, options?: RequestOptions) =>
    this.request('DELETE', path, { ...options, body });
}

// ---------------------------------------------------------------------------------------------

/** Mail the server put in its local outbox for `to`, newest first. */
export async function readOutbox(server: Reachable, to: string): Promise<OutboxMessage[]> {
  const res = await server.client().get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return res.body.messages;
}

/** Waits (up to 5 s) for the newest outbox message to `to` that matches. */
export async function waitForMail(
  server: Reachable,
  to: string,
  matches: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await readOutbox(server, to)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await sleep(50);
  }
}

export const codeIn = (message: OutboxMessage): string => {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
};

export const uniqueEmail = (label = 'user') =>
  `${label}-${randomBytes(5).toString('hex')}@example.test`;

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export interface SignedUpUser {
  api: ApiClient;
  user: User;
  email: string;
  password: string;
}

/** Registers, reads the code from the outbox, verifies: returns a signed-in client. */
export async function signUp(
  server: Reachable,
  { name = 'Test User', email = uniqueEmail(), password = DEFAULT_PASSWORD } = {},
): Promise<SignedUpUser> {
  const api = server.client();
  const registered = await api.post('/api/auth/register', { name, email, password });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const code = codeIn(await waitForMail(server, email));
  const verified = await api.post('/api/auth/verify-code', { email, code });
  if (verified.status !== 200)
    throw new Error(`verify answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { api, user: verified.body.user, email, password };
}

/**
 * A $7.00 payment of `userId`'s disputed after its credit was spent: with $5.00 on the balance
 * (the welcome bonus, or $5 bought), the balance goes to zero and $2.00 is owed (on hold).
 */
export async function disputeSpentPayment(server: TestServer, userId: string): Promise<void> {
  await createLedger(server.storage.db).takeBack({
    kind: 'dispute',
    userId,
    amountMicros: 7_000_000,
    reference: `du_${userId}`,
    description: 'Payment disputed',
  });
}

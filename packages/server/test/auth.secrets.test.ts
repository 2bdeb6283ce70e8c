/**
 * What an observer of the server learns: no secret in the request log, and the same answer after
 * the same work whether or not an e-mail address has an account. The work is compared by the
 * calls that cost time — hashing, lookups, mail — not by a stopwatch
 * (`npm run bench:auth` prints the timings).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type * as Codes from '../src/auth/codes.js';
import { reissueCode } from '../src/auth/codes.js';
import type * as Passwords from '../src/auth/passwords.js';
import { hashPassword, verifyPassword } from '../src/auth/passwords.js';
import type * as ResetTokens from '../src/auth/resetTokens.js';
import { issueResetToken } from '../src/auth/resetTokens.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Storage } from '../src/db/index.js';
import { createLogger, redactUrl } from '../src/logger.js';
import { createMailer } from '../src/mail/mailer.js';
import {
  DEFAULT_PASSWORD,
  backends,
  freshDataDir,
  signUp,
  startServer,
  uniqueEmail,
  type TestServer,
} from './helpers.js';

vi.mock('../src/auth/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    hashPassword: vi.fn(actual.hashPassword),
    verifyPassword: vi.fn(actual.verifyPassword),
  };
});
vi.mock('../src/auth/codes.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Codes>();
  return { ...actual, reissueCode: vi.fn(actual.reissueCode) };
});
vi.mock('../src/auth/resetTokens.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ResetTokens>();
  return { issueResetToken: vi.fn(actual.issueResetToken) };
});

/** Holds every call of `work` until the returned function is called, then lets them all through. */
function hold<A extends unknown[], R>(work: Mock<(...args: A) => Promise<R>>): () => void {
  const real = work.getMockImplementation();
  if (!real) throw new Error('not a pass-through mock');
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  work.mockClear().mockImplementation(async (...args: A) => {
    await opened;
    return real(...args);
  });
  return () => {
    open();
    work.mockImplementation(real);
  };
}

describe('request log', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let storage: Storage;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshDataDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      STATIC_DIR: join(dataDir, 'no-web-app'),
    });
    const logger = createLogger(config, { write: (line: string) => void lines.push(line) });
    storage = await openDatabase(config);
    app = await buildApp(config, {
      storage,
      mailer: createMailer(config, storage.db, logger),
      logger,
    });
  });
  afterAll(async () => {
    await app.close();
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds no token from a URL or a body, whatever the route', async () => {
    const secret = 'Zq8sEcReT-t0ken_value';
    await app.inject({ method: 'GET', url: `/reset-password/${secret}` });
    await app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?state=${secret}&code=${secret}`,
    });
    await app.inject({ method: 'GET', url: `/anything?page=2&token=${secret}` });
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: secret, password: 'a brand new passphrase' },
    });
    const requests = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((line) => line.msg === 'incoming request');
    expect(requests.map((line) => line.req?.url)).toEqual([
      '/reset-password/[redacted]',
      '/api/auth/google/callback?state=[redacted]&code=[redacted]',
      '/anything?page=2&token=[redacted]',
      '/api/auth/reset-password',
    ]);
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('keeps the values of a failed query out of the log, but not the query', () => {
    const written: string[] = [];
    const logger = createLogger(
      { logLevel: 'info' },
      { write: (line: string) => void written.push(line) },
    );
    const code = '493817';
    const failed = new DrizzleQueryError(
      'insert into "mail_outbox" ("to", "text") values ($1, $2)',
      ['ada@example.com', `Your code is ${code}\nIt expires in 15 minutes.`],
      new Error('connection terminated'),
    );
    logger.error({ err: failed }, 'mail could not be stored');
    // Also as the cause of another error, and with values made to look like stack frames.
    const forged = new DrizzleQueryError('select $1', [`x\n    at ${code}`], undefined);
    logger.error({ err: new Error('sending failed', { cause: forged }) }, 'wrapped');
    expect(written).toHaveLength(2);
    expect(written.join('')).not.toContain(code);
    expect(written[0]).not.toContain('ada@example.com');
    expect(written[0]).toContain('insert into \\"mail_outbox\\"');
    expect(written[0]).toContain('connection terminated');
  });

  it('keeps the rest of a URL as it was', () => {
    expect(redactUrl('/reset-password')).toBe('/reset-password');
    expect(redactUrl('/api/transcript/user?page=1&limit=10')).toBe(
      '/api/transcript/user?page=1&limit=10',
    );
    expect(redactUrl('/auth/callback?error=google_cancelled')).toBe(
      '/auth/callback?error=google_cancelled',
    );
  });
});

describe.each(backends)('the same work for any address (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('register hashes the password and sends one mail whether or not the address has an account', async () => {
    const { email: existing } = await signUp(server);
    const send = vi.spyOn(server.mailer, 'send');
    vi.mocked(hashPassword).mockClear();
    for (const email of [existing, uniqueEmail('new')]) {
      const res = await server
        .client()
        .post('/api/auth/register', { name: 'N', email, password: DEFAULT_PASSWORD });
      expect(res.status).toBe(201);
    }
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map(([message]) => message.subject)).toEqual([
      'You already have a Parlance account',
      expect.stringMatching(/^\d{6} is your Parlance verification code$/),
    ]);
  });

  it('login checks two password hashes for every answer but a success, whether or not the address has an account', async () => {
    const { email: verified } = await signUp(server);
    const pendingOfVerified = server.client();
    const fresh = uniqueEmail('fresh');
    for (const email of [verified, fresh]) {
      await pendingOfVerified.post('/api/auth/register', {
        name: 'P',
        email,
        password: 'typed passphrase 9',
      });
    }
    const attempts = [
      { email: uniqueEmail('ghost'), password: DEFAULT_PASSWORD, status: 401 },
      { email: verified, password: 'not the password', status: 401 },
      { email: fresh, password: 'not the password', status: 401 },
      { email: verified, password: 'typed passphrase 9', status: 403 },
      { email: fresh, password: 'typed passphrase 9', status: 403 },
    ];
    for (const { email, password, status } of attempts) {
      vi.mocked(verifyPassword).mockClear();
      const res = await server.client().post('/api/auth/login', { email, password });
      expect(res.status).toBe(status);
      expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(2);
    }
  });

  it.runIf(backend === 'postgres')(
    'register sends the database the same statements whether or not the address has an account',
    async () => {
      const { email: existing } = await signUp(server);
      // Every statement of the server's pool goes through pg.Client#query: a round trip more for
      // one kind of address is time an observer can measure (`npm run bench:auth`).
      const query = vi.spyOn(pg.Client.prototype, 'query');
      const statements: number[] = [];
      for (const email of [existing, uniqueEmail('new')]) {
        query.mockClear();
        const res = await server
          .client()
          .post('/api/auth/register', { name: 'N', email, password: DEFAULT_PASSWORD });
        expect(res.status).toBe(201);
        statements.push(query.mock.calls.length);
      }
      expect(statements[0]).toBeGreaterThan(0);
      expect(statements[0]).toBe(statements[1]);
    },
  );

  it('resend-code answers alike, before looking the registration up, and mails only a real one', async () => {
    const email = uniqueEmail('pending');
    const browser = server.client();
    await browser.post('/api/auth/register', { name: 'P', email, password: DEFAULT_PASSWORD });
    const send = vi.spyOn(server.mailer, 'send');
    const open = hold(vi.mocked(reissueCode));
    const known = await browser.post('/api/auth/resend-code', { email });
    const unknown = await browser.post('/api/auth/resend-code', { email: uniqueEmail('ghost') });
    // Both answers came while every lookup was still held: neither waited for it.
    expect(known).toMatchObject({ status: 200, body: unknown.body });
    await vi.waitFor(() => expect(vi.mocked(reissueCode)).toHaveBeenCalledTimes(2));
    expect(send).not.toHaveBeenCalled();
    open();
    await vi.waitFor(
      () => expect(send.mock.calls.map(([message]) => message.to)).toEqual([email]),
      {
        timeout: 5000,
      },
    );
  });

  it('forgot-password answers alike, before looking the account up, and mails only a real one', async () => {
    const { email } = await signUp(server);
    const send = vi.spyOn(server.mailer, 'send');
    const open = hold(vi.mocked(issueResetToken));
    const known = await server.client().post('/api/auth/forgot-password', { email });
    const unknown = await server
      .client()
      .post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(known).toMatchObject({ status: 200, body: unknown.body });
    await vi.waitFor(() => expect(vi.mocked(issueResetToken)).toHaveBeenCalledTimes(2));
    expect(send).not.toHaveBeenCalled();
    open();
    await vi.waitFor(
      () => expect(send.mock.calls.map(([message]) => message.to)).toEqual([email]),
      {
        timeout: 5000,
      },
    );
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/auth/tokens.js';
import { emailCodes, passwordResetTokens, sessions, users } from '../src/db/schema/index.js';
import {
  DEFAULT_PASSWORD,
  backends,
  codeIn,
  signUp,
  startServer,
  uniqueEmail,
  waitForMail,
  type TestServer,
} from './helpers.js';

describe.each(backends)('auth (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  const userRow = async (email: string) => {
    const [row] = await server.storage.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row;
  };

  describe('register and verify', () => {
    it('creates an unverified account, mails a code, and signs in on verification', async () => {
      const api = server.client();
      const email = uniqueEmail();
      const registered = await api.post('/api/auth/register', {
        name: 'Ada',
        email,
        password: DEFAULT_PASSWORD,
      });
      expect(registered.status).toBe(201);
      expect(registered.body.message).toContain(email);
      expect((await userRow(email)).emailVerifiedAt).toBeNull();
      expect((await api.get('/api/auth/me')).status).toBe(401);

      const mail = await waitForMail(server, email);
      expect(mail.subject).toMatch(/verification code/);
      const verified = await api.post('/api/auth/verify-code', { email, code: codeIn(mail) });
      expect(verified.status).toBe(200);
      expect(verified.body.user).toMatchObject({
        email,
        name: 'Ada',
        emailVerified: true,
        hasPassword: true,
        googleLinked: false,
      });
      const cookie = verified.headers.getSetCookie().join(';');
      expect(cookie).toMatch(/parlance_session=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);

      const me = await api.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe(email);
      expect(me.body.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('normalises the e-mail to lower case', async () => {
      const email = uniqueEmail();
      await server.client().post('/api/auth/register', {
        name: 'Up',
        email: email.toUpperCase(),
        password: DEFAULT_PASSWORD,
      });
      expect((await userRow(email)).email).toBe(email);
    });

    it('rejects a taken e-mail, a common password and a short one with clear messages', async () => {
      const { email } = await signUp(server);
      const api = server.client();
      const taken = await api.post('/api/auth/register', {
        name: 'B',
        email,
        password: DEFAULT_PASSWORD,
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({
        message: 'An account with this email already exists. Sign in instead.',
        code: 'email_taken',
      });
      const common = await api.post('/api/auth/register', {
        name: 'B',
        email: uniqueEmail(),
        password: 'password123',
      });
      expect(common.status).toBe(400);
      expect(common.body.code).toBe('password_too_common');
      expect(common.body.message).toBe(
        'This password is too common and easy to guess. Choose a different one.',
      );
      const short = await api.post('/api/auth/register', {
        name: 'B',
        email: uniqueEmail(),
        password: 'short',
      });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({
        code: 'validation_failed',
        message: 'password: Password must be at least 8 characters',
      });
      const badEmail = await api.post('/api/auth/register', {
        name: 'B',
        email: 'nope',
        password: DEFAULT_PASSWORD,
      });
      expect(badEmail.body.message).toBe('email: Enter a valid email address');
      expect(badEmail.body.details.issues[0].field).toBe('email');
    });

    it('lets an unverified address be registered again and only the newest code works', async () => {
      const email = uniqueEmail();
      const api = server.client();
      await api.post('/api/auth/register', { name: 'First', email, password: DEFAULT_PASSWORD });
      const first = codeIn(await waitForMail(server, email));
      await api.post('/api/auth/register', { name: 'Second', email, password: DEFAULT_PASSWORD });
      const messages = await waitForMail(
        server,
        email,
        (message) => codeIn(message) !== first,
      ).catch(() => null);
      // Codes are random: in the one-in-a-million case both are equal and there is nothing to compare.
      if (messages) {
        const stale = await api.post('/api/auth/verify-code', { email, code: first });
        expect(stale.body.code).toBe('wrong_code');
        const fresh = await api.post('/api/auth/verify-code', { email, code: codeIn(messages) });
        expect(fresh.body.user.name).toBe('Second');
      }
    });

    it('explains wrong, exhausted, expired and already used codes', async () => {
      const email = uniqueEmail();
      const api = server.client();
      await api.post('/api/auth/register', { name: 'C', email, password: DEFAULT_PASSWORD });
      const code = codeIn(await waitForMail(server, email));
      const wrong = code === '000000' ? '000001' : '000000';

      const first = await api.post('/api/auth/verify-code', { email, code: wrong });
      expect(first.status).toBe(400);
      expect(first.body).toEqual({
        message: 'That code is not correct. 4 attempts left.',
        code: 'wrong_code',
      });
      for (let i = 0; i < 3; i++) await api.post('/api/auth/verify-code', { email, code: wrong });
      const fifth = await api.post('/api/auth/verify-code', { email, code: wrong });
      expect(fifth.body).toEqual({
        message: 'Too many wrong codes. Request a new one.',
        code: 'too_many_attempts',
      });
      const locked = await api.post('/api/auth/verify-code', { email, code });
      expect(locked.body.code).toBe('too_many_attempts');

      const resent = await api.post('/api/auth/resend-code', { email });
      expect(resent.status).toBe(200);
      const newCode = codeIn(await waitForMail(server, email));
      const user = await userRow(email);
      await server.storage.db
        .update(emailCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailCodes.userId, user.id));
      const expired = await api.post('/api/auth/verify-code', { email, code: newCode });
      expect(expired.body).toEqual({
        message: 'That code has expired. Request a new one.',
        code: 'code_expired',
      });

      await api.post('/api/auth/resend-code', { email });
      const last = await waitForMail(
        server,
        email,
        (message) => message.text !== '' && codeIn(message) !== newCode,
      );
      expect((await api.post('/api/auth/verify-code', { email, code: codeIn(last) })).status).toBe(
        200,
      );
      const again = await api.post('/api/auth/verify-code', { email, code: codeIn(last) });
      expect(again.body).toEqual({
        message: 'This email is already verified. Sign in instead.',
        code: 'already_verified',
      });
    });

    it('answers resend-code the same way for unknown addresses and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const res = await server.client().post('/api/auth/resend-code', { email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'If that account is waiting for verification, we sent it a new code.',
      );
      const outbox = await server.client().get(`/api/dev/outbox?to=${email}`);
      expect(outbox.body.messages).toEqual([]);
    });

    it('rejects verification for an unknown address', async () => {
      const res = await server
        .client()
        .post('/api/auth/verify-code', { email: uniqueEmail(), code: '123456' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_code');
      const malformed = await server
        .client()
        .post('/api/auth/verify-code', { email: uniqueEmail(), code: '12ab' });
      expect(malformed.body.message).toBe('code: The code is 6 digits');
    });
  });

  describe('login and logout', () => {
    it('signs in with the right password and refuses a wrong one or an unknown user alike', async () => {
      const { email, password } = await signUp(server);
      const api = server.client();
      const wrong = await api.post('/api/auth/login', { email, password: 'not the password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({
        message: 'Invalid email or password',
        code: 'invalid_credentials',
      });
      const unknown = await api.post('/api/auth/login', { email: uniqueEmail(), password });
      expect(unknown.body).toEqual(wrong.body);
      const ok = await api.post('/api/auth/login', { email, password });
      expect(ok.status).toBe(200);
      expect(ok.body.user.email).toBe(email);
      expect((await api.get('/api/auth/me')).status).toBe(200);
    });

    it('asks unverified accounts to verify first', async () => {
      const email = uniqueEmail();
      await server
        .client()
        .post('/api/auth/register', { name: 'U', email, password: DEFAULT_PASSWORD });
      const res = await server
        .client()
        .post('/api/auth/login', { email, password: DEFAULT_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('email_not_verified');
    });

    it('revokes the session on logout: the old cookie no longer works', async () => {
      const { api } = await signUp(server);
      const token = api.jar.get('parlance_session');
      const out = await api.post('/api/auth/logout');
      expect(out.status).toBe(200);
      expect(api.jar.get('parlance_session')).toBeUndefined();
      const replay = await server
        .client()
        .get('/api/auth/me', { headers: { cookie: `parlance_session=${token}` } });
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ message: 'Sign in to continue', code: 'unauthenticated' });
    });

    it('signs out every device with logout-all', async () => {
      const { api, email, password } = await signUp(server);
      const laptop = server.client();
      await laptop.post('/api/auth/login', { email, password });
      expect((await laptop.get('/api/auth/me')).status).toBe(200);
      expect((await api.post('/api/auth/logout-all')).status).toBe(200);
      expect((await laptop.get('/api/auth/me')).status).toBe(401);
      expect((await api.get('/api/auth/me')).status).toBe(401);
    });

    it('slides the session expiry forward when the session is more than a day old', async () => {
      const { api, user } = await signUp(server);
      const fresh = await api.get('/api/auth/me');
      expect(fresh.headers.getSetCookie()).toEqual([]);
      const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
      const { db } = server.storage;
      await db
        .update(sessions)
        .set({ renewedAt: old, expiresAt: new Date(Date.now() + 3600_000) })
        .where(eq(sessions.userId, user.id));
      const renewed = await api.get('/api/auth/me');
      expect(renewed.headers.getSetCookie().join()).toMatch(/parlance_session=.*Max-Age=2592000/);
      const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    });

    it('rejects a forged or expired session cookie', async () => {
      const forged = await server
        .client()
        .get('/api/auth/me', { headers: { cookie: 'parlance_session=forged' } });
      expect(forged.status).toBe(401);
      const { api, user } = await signUp(server);
      await server.storage.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      expect((await api.get('/api/auth/me')).status).toBe(401);
    });
  });

  describe('password reset', () => {
    it('mails a single-use link, sets the password and revokes all sessions', async () => {
      const { api, email } = await signUp(server);
      const anonymous = server.client();
      const asked = await anonymous.post('/api/auth/forgot-password', { email });
      expect(asked.status).toBe(200);
      const mail = await waitForMail(server, email, (message) => message.subject.includes('Reset'));
      const link = /(\S+\/reset-password\/(\S+))/.exec(mail.text);
      expect(link?.[1]).toMatch(new RegExp(`^${server.config.appUrl}/reset-password/`));
      const token = link?.[2] ?? '';
      const stored = await server.storage.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, (await userRow(email)).id));
      expect(stored.map((row) => row.tokenHash)).toEqual([sha256(token)]);

      const weak = await anonymous.post('/api/auth/reset-password', {
        token,
        password: 'password1',
      });
      expect(weak.body.code).toBe('password_too_common');
      const reset = await anonymous.post('/api/auth/reset-password', {
        token,
        password: 'a brand new passphrase',
      });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe(
        'Your password has been reset. Sign in with your new password.',
      );
      expect((await api.get('/api/auth/me')).status).toBe(401);

      const reused = await anonymous.post('/api/auth/reset-password', {
        token,
        password: 'another new passphrase',
      });
      expect(reused.status).toBe(400);
      expect(reused.body).toEqual({
        message: 'This reset link is invalid or has expired. Request a new one.',
        code: 'invalid_reset_token',
      });
      expect(
        (await anonymous.post('/api/auth/login', { email, password: DEFAULT_PASSWORD })).status,
      ).toBe(401);
      expect(
        (await anonymous.post('/api/auth/login', { email, password: 'a brand new passphrase' }))
          .status,
      ).toBe(200);
    });

    it('gives the same answer for unknown addresses and sends nothing', async () => {
      const email = uniqueEmail('nobody');
      const res = await server.client().post('/api/auth/forgot-password', { email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'If an account exists for that email, we sent it a link to reset the password.',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await server.client().get(`/api/dev/outbox?to=${email}`)).body.messages).toEqual([]);
    });

    it('refuses an expired link', async () => {
      const { email } = await signUp(server);
      await server.client().post('/api/auth/forgot-password', { email });
      const mail = await waitForMail(server, email, (message) => message.subject.includes('Reset'));
      const token = /reset-password\/(\S+)/.exec(mail.text)?.[1] ?? '';
      const user = await userRow(email);
      await server.storage.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.userId, user.id));
      const res = await server
        .client()
        .post('/api/auth/reset-password', { token, password: 'a brand new passphrase' });
      expect(res.body.code).toBe('invalid_reset_token');
    });
  });
});

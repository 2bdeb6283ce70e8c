import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_CACHE } from '../src/account/service.js';
import { CODE_MAX_ATTEMPTS } from '../src/auth/codes.js';
import { REGISTRATION_COOKIE } from '../src/auth/routes.js';
import { SIGNED_IN_HINT_COOKIE } from '@parlance/contract/endpoints';
import { sha256 } from '../src/auth/tokens.js';
import { emailCodes, passwordResetTokens, sessions, users } from '../src/db/schema/index.js';
import {
  DEFAULT_PASSWORD,
  backends,
  codeIn,
  readOutbox,
  signUp,
  startServer,
  uniqueEmail,
  waitForMail,
  type TestServer,
} from './helpers.js';

const INVALID_CODE = {
  message: 'That code is not valid. Check the e-mail or request a new one.',
  code: 'invalid_code',
};
const TOO_MANY = { message: 'Too many wrong codes. Request a new one.', code: 'too_many_attempts' };

describe.each(backends)('auth (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // Attempt caps are tested with more parallel guesses than the per-e-mail rate limit allows.
    server = await startServer({ backend, env: { AUTH_RATE_LIMIT_EMAIL_MAX: '1000' } });
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  /**
   * Moves this process's clock past the session cache TTL: a write made straight to the database
   * (as another process would make it) is seen from then on.
   */
  const pastSessionCacheTtl = () =>
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE.ttlMs });

  const userRow = async (email: string) => {
    const [row] = await server.storage.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row;
  };

  /** Runs `action`, then waits for the first mail to `email` that was not in the outbox before. */
  const mailAfter = async <T>(email: string, action: () => Promise<T>) => {
    const seen = new Set((await readOutbox(server, email)).map((message) => message.id));
    const result = await action();
    return { result, mail: await waitForMail(server, email, (message) => !seen.has(message.id)) };
  };

  /** One registration from its own browser: that browser, the registration's id and its code. */
  const register = async (email: string, name: string, password: string) => {
    const api = server.client();
    const { result, mail } = await mailAfter(email, () =>
      api.post('/api/auth/register', { name, email, password }),
    );
    expect(result.status).toBe(201);
    const registrationId = api.jar.get(REGISTRATION_COOKIE);
    if (!registrationId) throw new Error('register set no registration cookie');
    return { api, email, registrationId, code: codeIn(mail) };
  };

  const login = (email: string, password: string) =>
    server.client().post('/api/auth/login', { email, password });

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
      const registration = registered.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith(`${REGISTRATION_COOKIE}=`));
      expect(registration).toMatch(
        /^parlance_registration=[0-9a-f-]{36}; Max-Age=87300; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
      );
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
      expect(api.jar.get(REGISTRATION_COOKIE)).toBeUndefined();

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

    it('answers a sign-up for an existing account as for a new address, and mails the owner a notice instead of a code', async () => {
      const { email } = await signUp(server);
      const fresh = uniqueEmail();
      const body = { name: 'Someone', password: 'another good passphrase' };
      const { result: taken, mail } = await mailAfter(email, () =>
        server.client().post('/api/auth/register', { ...body, email }),
      );
      const created = await server.client().post('/api/auth/register', { ...body, email: fresh });
      expect(taken.status).toBe(created.status);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(created.body).sort());
      expect(taken.body.message).toBe(created.body.message.replace(fresh, email));

      expect(mail.subject).toBe('You already have a Parlance account');
      expect(mail.text).toContain(`${server.config.appUrl}/forgot-password`);
      expect(mail.text).not.toMatch(/\b\d{6}\b/);
      // The account is untouched: its password still works. The one just typed asks to verify
      // first, as it does for the new address, so signing in tells nobody which had an account.
      expect((await login(email, DEFAULT_PASSWORD)).status).toBe(200);
      const typed = await login(email, body.password);
      expect(typed).toMatchObject({ status: 403, body: { code: 'email_not_verified' } });
      expect((await login(fresh, body.password)).body).toEqual(typed.body);
    });

    it('rejects a common password, a short one and a malformed e-mail with clear messages', async () => {
      const api = server.client();
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

    it.each([
      ['before', 'after'],
      ['after', 'before'],
    ])(
      "never activates a squatter's password: the owner's code (squatter registered %s the owner) brings the owner's",
      async (squatterFirst) => {
        const email = uniqueEmail('prehijack');
        const squatter = { name: 'Mallory', password: 'squatter passphrase 1' };
        const owner = { name: 'Olivia', password: 'owner passphrase 2' };
        let ownerRegistration: Awaited<ReturnType<typeof register>>;
        let squatterCode: string;
        if (squatterFirst === 'before') {
          squatterCode = (await register(email, squatter.name, squatter.password)).code;
          ownerRegistration = await register(email, owner.name, owner.password);
        } else {
          ownerRegistration = await register(email, owner.name, owner.password);
          squatterCode = (await register(email, squatter.name, squatter.password)).code;
        }
        // Both codes are in the owner's inbox. Entered in the owner's browser, the squatter's one
        // (the newest, when the squatter came after) is refused, without costing the owner's code.
        const { api } = ownerRegistration;
        if (squatterCode !== ownerRegistration.code) {
          const hijack = await api.post('/api/auth/verify-code', { email, code: squatterCode });
          expect(hijack.body).toEqual(INVALID_CODE);
        }
        const verified = await api.post('/api/auth/verify-code', {
          email,
          code: ownerRegistration.code,
        });
        expect(verified.status).toBe(200);
        expect(verified.body.user).toMatchObject({ name: owner.name, emailVerified: true });
        expect((await login(email, squatter.password)).status).toBe(401);
        expect((await login(email, owner.password)).status).toBe(200);
        // Verifying drops every other registration of the address, the squatter's code with it.
        expect(
          await server.storage.db
            .select()
            .from(emailCodes)
            .where(eq(emailCodes.userId, verified.body.user.id)),
        ).toEqual([]);
      },
    );

    it('gives a user who registered twice the password of the registration whose code they entered', async () => {
      for (const entered of [0, 1]) {
        const email = uniqueEmail('twice');
        const passwords = ['first passphrase one', 'second passphrase two'];
        const registrations = [
          await register(email, 'First try', passwords[0] ?? ''),
          await register(email, 'Second try', passwords[1] ?? ''),
        ];
        const chosen = registrations[entered];
        const verified = await chosen?.api.post('/api/auth/verify-code', {
          email,
          code: chosen.code,
        });
        expect(verified?.body.user.name).toBe(entered === 0 ? 'First try' : 'Second try');
        expect((await login(email, passwords[entered] ?? '')).status).toBe(200);
        expect((await login(email, passwords[1 - entered] ?? '')).status).toBe(401);
        const other = registrations[1 - entered];
        const late = await other?.api.post('/api/auth/verify-code', { email, code: other.code });
        expect(late?.body).toEqual(INVALID_CODE);
      }
    });

    it('counts attempts atomically: 20 parallel wrong guesses spend the 5 allowed, then the right code is refused', async () => {
      const email = uniqueEmail('guess');
      const { api, code } = await register(email, 'Target', DEFAULT_PASSWORD);
      const wrong = Array.from({ length: 20 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(
        wrong.map((guess) => api.post('/api/auth/verify-code', { email, code: guess })),
      );
      expect(answers.every((answer) => answer.status === 400)).toBe(true);
      // Only the 4 guesses that found attempts left and did not spend the last one hear "not valid".
      expect(answers.filter((answer) => answer.body.code === 'invalid_code')).toHaveLength(4);
      expect(answers.filter((answer) => answer.body.code === 'too_many_attempts')).toHaveLength(16);
      const [row] = await server.storage.db
        .select()
        .from(emailCodes)
        .where(eq(emailCodes.userId, (await userRow(email)).id));
      expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS);
      const right = await api.post('/api/auth/verify-code', { email, code });
      expect(right.body).toEqual(TOO_MANY);
      expect((await userRow(email)).emailVerifiedAt).toBeNull();
    });

    it('verifies once when the right code arrives twice at the same time', async () => {
      const email = uniqueEmail('race');
      const { api, code } = await register(email, 'Racer', DEFAULT_PASSWORD);
      const answers = await Promise.all(
        [1, 2].map(() => api.post('/api/auth/verify-code', { email, code })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    });

    it('explains wrong, exhausted and expired codes', async () => {
      const email = uniqueEmail();
      const { api, registrationId, code } = await register(email, 'C', DEFAULT_PASSWORD);
      const wrong = code === '000000' ? '000001' : '000000';

      const first = await api.post('/api/auth/verify-code', { email, code: wrong });
      expect(first.status).toBe(400);
      expect(first.body).toEqual(INVALID_CODE);
      for (let i = 0; i < 3; i++) await api.post('/api/auth/verify-code', { email, code: wrong });
      const fifth = await api.post('/api/auth/verify-code', { email, code: wrong });
      expect(fifth.body).toEqual(TOO_MANY);
      const locked = await api.post('/api/auth/verify-code', { email, code });
      expect(locked.body).toEqual(TOO_MANY);

      const resend = () => api.post('/api/auth/resend-code', { email });
      const { result: resent, mail } = await mailAfter(email, resend);
      expect(resent.status).toBe(200);
      const newCode = codeIn(mail);
      await server.storage.db
        .update(emailCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailCodes.id, registrationId));
      const expired = await api.post('/api/auth/verify-code', { email, code: newCode });
      expect(expired.body).toEqual({
        message: 'That code has expired. Request a new one.',
        code: 'code_expired',
      });

      const last = codeIn((await mailAfter(email, resend)).mail);
      expect((await api.post('/api/auth/verify-code', { email, code: last })).status).toBe(200);
    });

    it('resends a code for the registration made in this browser, bound to its password', async () => {
      const email = uniqueEmail('resend');
      const owner = await register(email, 'Owner', 'owner passphrase 3');
      await register(email, 'Squatter', 'squatter passphrase 4');
      const { result, mail } = await mailAfter(email, () =>
        owner.api.post('/api/auth/resend-code', { email }),
      );
      expect(result.body).toEqual({
        message: 'If that account is waiting for verification, we sent it a new code.',
      });
      const code = codeIn(mail);
      if (code !== owner.code) {
        const stale = await owner.api.post('/api/auth/verify-code', { email, code: owner.code });
        expect(stale.body).toEqual(INVALID_CODE);
      }
      const verified = await owner.api.post('/api/auth/verify-code', { email, code });
      expect(verified.body.user.name).toBe('Owner');
      expect((await login(email, 'owner passphrase 3')).status).toBe(200);
      expect((await login(email, 'squatter passphrase 4')).status).toBe(401);
    });

    it('answers verify-code alike whether or not the address has an account, and counts attempts alike', async () => {
      const { email: verified } = await signUp(server);
      // An attacker's own registrations: of a new address and of one with an account.
      const fresh = await register(uniqueEmail('fresh'), 'F', DEFAULT_PASSWORD);
      const taken = server.client();
      await taken.post('/api/auth/register', {
        name: 'T',
        email: verified,
        password: DEFAULT_PASSWORD,
      });
      const guess = (code: string) => (code === '000000' ? '000001' : '000000');
      const unregistered = server.client();
      const forged = server.client();
      forged.jar.set(REGISTRATION_COOKIE, "x' or 1=1 --");
      for (let attempt = 1; attempt <= CODE_MAX_ATTEMPTS + 1; attempt++) {
        const answers = await Promise.all([
          fresh.api.post('/api/auth/verify-code', { email: fresh.email, code: guess(fresh.code) }),
          taken.post('/api/auth/verify-code', { email: verified, code: '000000' }),
        ]);
        const expected = attempt < CODE_MAX_ATTEMPTS ? INVALID_CODE : TOO_MANY;
        for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: expected });
      }
      // A new code gives both their attempts back alike (a verified account's is renewed too,
      // though never mailed).
      await fresh.api.post('/api/auth/resend-code', { email: fresh.email });
      await taken.post('/api/auth/resend-code', { email: verified });
      await vi.waitFor(async () => {
        const answers = await Promise.all([
          fresh.api.post('/api/auth/verify-code', { email: fresh.email, code: '000000' }),
          taken.post('/api/auth/verify-code', { email: verified, code: '000000' }),
        ]);
        for (const answer of answers) expect(answer.body).toEqual(INVALID_CODE);
      });
      // No registration of this browser, another address's registration, a forged cookie.
      for (const [api, email] of [
        [unregistered, fresh.email],
        [fresh.api, uniqueEmail('other')],
        [forged, verified],
      ] as const) {
        const answer = await api.post('/api/auth/verify-code', { email, code: '123456' });
        expect(answer).toMatchObject({ status: 400, body: INVALID_CODE });
      }
      const malformed = await server
        .client()
        .post('/api/auth/verify-code', { email: uniqueEmail(), code: '12ab' });
      expect(malformed.body.message).toBe('code: The code is 6 digits');
    });

    it('signing in with a password just registered answers alike, after a new code too', async () => {
      const { email: verified } = await signUp(server);
      for (const email of [verified, uniqueEmail('fresh')]) {
        const first = server.client();
        await first.post('/api/auth/register', {
          name: 'A',
          email,
          password: 'first passphrase 1',
        });
        const second = server.client();
        await second.post('/api/auth/register', {
          name: 'B',
          email,
          password: 'second passphrase 2',
        });
        await first.post('/api/auth/resend-code', { email });
        // The first registration is the newest again once its code is renewed, account or not.
        await vi.waitFor(async () => {
          const res = await login(email, 'first passphrase 1');
          expect(res).toMatchObject({ status: 403, body: { code: 'email_not_verified' } });
        });
        expect((await login(email, 'second passphrase 2')).status).toBe(401);
      }
    });

    it('takes the code of any registration this browser made, and says "verify first" after it expired', async () => {
      const email = uniqueEmail('again');
      const api = server.client();
      const codes: string[] = [];
      for (const password of ['first passphrase 1', 'second passphrase 2']) {
        const { mail } = await mailAfter(email, () =>
          api.post('/api/auth/register', { name: 'Same browser', email, password }),
        );
        codes.push(codeIn(mail));
      }
      expect(api.jar.get(REGISTRATION_COOKIE)?.split('.')).toHaveLength(2);
      // The first mail was slow: its code still works here, with the password typed with it.
      await server.storage.db
        .update(emailCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailCodes.userId, (await userRow(email)).id));
      expect((await login(email, 'second passphrase 2')).status).toBe(403);
      const { mail } = await mailAfter(email, () => api.post('/api/auth/resend-code', { email }));
      const [, second] = codes;
      if (second !== codeIn(mail)) {
        const expired = await api.post('/api/auth/verify-code', { email, code: second });
        expect(expired.body.code).toBe('invalid_code'); // renewed: the old code is gone
      }
      const verified = await api.post('/api/auth/verify-code', { email, code: codeIn(mail) });
      expect(verified.status).toBe(200);
      expect((await login(email, 'second passphrase 2')).status).toBe(200);
    });

    it("counts verify and resend attempts per registration: nobody can use up a stranger's", async () => {
      const owner = await register(uniqueEmail('blocked'), 'Owner', DEFAULT_PASSWORD);
      for (let i = 0; i < 12; i++) {
        const stranger = server.client();
        await stranger.post('/api/auth/verify-code', { email: owner.email, code: '000000' });
        await stranger.post('/api/auth/resend-code', { email: owner.email });
      }
      const verified = await owner.api.post('/api/auth/verify-code', {
        email: owner.email,
        code: owner.code,
      });
      expect(verified.status).toBe(200);
    });

    it('answers resend-code alike for unknown addresses, unknown registrations and verified accounts, and sends nothing', async () => {
      const pending = await register(uniqueEmail('pending'), 'P', DEFAULT_PASSWORD);
      const { email: verified } = await signUp(server);
      // Signing up again with an address that has an account files a registration no code can use.
      const again = server.client();
      await again.post('/api/auth/register', {
        name: 'V',
        email: verified,
        password: DEFAULT_PASSWORD,
      });
      const stranger = server.client();
      stranger.jar.set(REGISTRATION_COOKIE, randomUUID());
      const forged = server.client();
      forged.jar.set(REGISTRATION_COOKIE, 'not-an-id');
      const cases = [
        [pending.api, uniqueEmail('ghost')],
        [server.client(), pending.email],
        [stranger, pending.email],
        [forged, pending.email],
        [again, verified],
      ] as const;
      const send = vi.spyOn(server.mailer, 'send');
      for (const [api, email] of cases) {
        const res = await api.post('/api/auth/resend-code', { email });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          message: 'If that account is waiting for verification, we sent it a new code.',
        });
      }
      // The work runs after each answer: when the real registration's code has arrived, the earlier
      // requests' work (started first, and shorter) is done too, and none of it sent anything.
      await mailAfter(pending.email, () =>
        pending.api.post('/api/auth/resend-code', { email: pending.email }),
      );
      expect(send.mock.calls.map(([message]) => message.to)).toEqual([pending.email]);
      send.mockRestore();
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
      expect((await api.get('/api/auth/me')).status).toBe(200);
      const out = await api.post('/api/auth/logout');
      expect(out.status).toBe(200);
      expect(api.jar.get('parlance_session')).toBeUndefined();
      const replay = await server
        .client()
        .get('/api/auth/me', { headers: { cookie: `parlance_session=${token}` } });
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ message: 'Sign in to continue', code: 'unauthenticated' });
    });

    it('sets a script-readable signed-in hint with the session and clears it with every sign-out', async () => {
      const { api, email, password } = await signUp(server);
      const hint = (res: { headers: Headers }) =>
        res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
      const login = await api.post('/api/auth/login', { email, password });
      expect(hint(login)).toMatch(/^parlance_signed_in=1; Max-Age=2592000; Path=\/; SameSite=Lax$/);
      const session = login.headers.getSetCookie().find((c) => c.startsWith('parlance_session='));
      expect(session).toMatch(/HttpOnly/);
      expect(api.jar.get(SIGNED_IN_HINT_COOKIE)).toBe('1');
      // A hint that went missing comes back with the next authenticated answer; one present is
      // not sent again.
      expect(hint(await api.get('/api/auth/me'))).toBeUndefined();
      const withoutHint = server.client();
      withoutHint.jar.set('parlance_session', api.jar.get('parlance_session') ?? '');
      expect(hint(await withoutHint.get('/api/auth/me'))).toMatch(/^parlance_signed_in=1;/);

      await api.post('/api/auth/logout');
      expect(api.jar.get(SIGNED_IN_HINT_COOKIE)).toBeUndefined();
      // A session that ended elsewhere: its 401 clears both cookies.
      expect((await withoutHint.post('/api/auth/logout-all')).status).toBe(401);
      expect(withoutHint.jar.get(SIGNED_IN_HINT_COOKIE)).toBeUndefined();
      expect(withoutHint.jar.get('parlance_session')).toBeUndefined();
      // A hint alone (no session cookie) is cleared too, and never signs anything in.
      const hintOnly = server.client();
      hintOnly.jar.set(SIGNED_IN_HINT_COOKIE, '1');
      expect((await hintOnly.get('/api/auth/me')).status).toBe(401);
      expect(hintOnly.jar.get(SIGNED_IN_HINT_COOKIE)).toBeUndefined();
      // No cookie at all: nothing to clear.
      expect((await server.client().get('/api/auth/me')).headers.getSetCookie()).toEqual([]);
    });

    it('signs out every device with logout-all', async () => {
      const { api, email, password } = await signUp(server);
      const laptop = server.client();
      await laptop.post('/api/auth/login', { email, password });
      expect((await laptop.get('/api/auth/me')).status).toBe(200);
      expect((await api.get('/api/auth/me')).status).toBe(200);
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
      pastSessionCacheTtl();
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

    it('refuses a session from the moment it expires, even one this process has cached', async () => {
      const { api, user } = await signUp(server);
      await server.storage.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 3000) })
        .where(eq(sessions.userId, user.id));
      expect((await api.get('/api/auth/me')).status).toBe(200);
      // Still within the cache TTL, past the expiry.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3000 });
      expect((await api.get('/api/auth/me')).status).toBe(401);
    });

    it("sees another process's sign-out once the session cache TTL has passed", async () => {
      const { api, user } = await signUp(server);
      expect((await api.get('/api/auth/me')).body.user.id).toBe(user.id);
      await server.storage.db.delete(sessions).where(eq(sessions.userId, user.id));
      // Within the TTL this process still answers from what it read: the documented bound.
      expect((await api.get('/api/auth/me')).status).toBe(200);
      pastSessionCacheTtl();
      expect((await api.get('/api/auth/me')).status).toBe(401);
    });
  });

  describe('password reset', () => {
    const RESET_SUBJECT = 'Reset your Parlance password';
    /** Asks for a reset link and answers the token it carries in its fragment. */
    const requestReset = async (email: string) => {
      const { result, mail } = await mailAfter(email, () =>
        server.client().post('/api/auth/forgot-password', { email }),
      );
      expect(result.status).toBe(200);
      expect(mail.subject).toBe(RESET_SUBJECT);
      const link = /(\S+\/reset-password#token=(\S+))/.exec(mail.text);
      expect(link?.[1]).toMatch(new RegExp(`^${server.config.appUrl}/reset-password#token=`));
      return link?.[2] ?? '';
    };
    const reset = (token: string, password = 'a brand new passphrase') =>
      server.client().post('/api/auth/reset-password', { token, password });
    const INVALID_LINK = {
      message: 'This reset link is invalid or has expired. Request a new one.',
      code: 'invalid_reset_token',
    };

    it('mails a single-use link, sets the password and revokes all sessions', async () => {
      const { api, email } = await signUp(server);
      expect((await api.get('/api/auth/me')).status).toBe(200);
      const token = await requestReset(email);
      const stored = await server.storage.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, (await userRow(email)).id));
      expect(stored.map((row) => row.tokenHash)).toEqual([sha256(token)]);

      const weak = await reset(token, 'password1');
      expect(weak.body.code).toBe('password_too_common');
      const done = await reset(token);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(
        'Your password has been reset. Sign in with your new password.',
      );
      expect((await api.get('/api/auth/me')).status).toBe(401);

      const reused = await reset(token, 'another new passphrase');
      expect(reused.status).toBe(400);
      expect(reused.body).toEqual(INVALID_LINK);
      expect((await login(email, DEFAULT_PASSWORD)).status).toBe(401);
      expect((await login(email, 'a brand new passphrase')).status).toBe(200);
    });

    it("verifies a squatted address for its mailbox's owner, dropping the squatter's registration", async () => {
      const email = uniqueEmail('squatted');
      await register(email, 'Mallory', 'squatter passphrase 1');
      expect((await login(email, 'squatter passphrase 1')).status).toBe(403);
      expect((await reset(await requestReset(email))).status).toBe(200);
      expect((await login(email, 'a brand new passphrase')).status).toBe(200);
      // The squatter's password is now only wrong, not "verify first".
      expect((await login(email, 'squatter passphrase 1')).status).toBe(401);
    });

    it('voids every other outstanding link of the account when one is used', async () => {
      const { email } = await signUp(server);
      const older = await requestReset(email);
      const newer = await requestReset(email);
      expect((await reset(newer)).status).toBe(200);
      expect(
        await server.storage.db
          .select({ tokenHash: passwordResetTokens.tokenHash })
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, (await userRow(email)).id)),
      ).toEqual([{ tokenHash: sha256(newer) }]);
      const stale = await reset(older, 'yet another passphrase');
      expect(stale.body).toEqual(INVALID_LINK);
      expect((await login(email, 'a brand new passphrase')).status).toBe(200);
    });

    it('gives the same answer for unknown addresses and sends nothing', async () => {
      const { email: known } = await signUp(server);
      const send = vi.spyOn(server.mailer, 'send');
      const res = await server
        .client()
        .post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'If an account exists for that email, we sent it a link to reset the password.',
      );
      // The work runs after each answer: when the known address has its link, the unknown one's
      // (started first, and shorter) is done too, without a mail.
      await requestReset(known);
      expect(send.mock.calls.map(([message]) => message.to)).toEqual([known]);
      send.mockRestore();
    });

    it('refuses an expired link', async () => {
      const { email } = await signUp(server);
      const token = await requestReset(email);
      await server.storage.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.userId, (await userRow(email)).id));
      expect((await reset(token)).body).toEqual(INVALID_LINK);
    });
  });
});

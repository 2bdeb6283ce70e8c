import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, users } from '../src/db/schema/index.js';
import type { ApiClient, TestServer } from './helpers.js';
import { DEFAULT_PASSWORD, signUp, startServer, uniqueEmail } from './helpers.js';

const listenOnFreePort = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnFreePort(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Google sign-in against a real OpenID provider (oidc-provider) on loopback. Its development
 * login form accepts any login name; the account's e-mail is `<login>` when it contains an @.
 */
describe('Google sign-in', () => {
  let server: TestServer;
  let idpServer: Server;
  let issuer: string;
  const appUrl = 'http://127.0.0.1:1/app';
  const unverified = new Set<string>();

  beforeAll(async () => {
    idpServer = createServer();
    issuer = `http://127.0.0.1:${await listenOnFreePort(idpServer)}`;
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'parlance',
          client_secret: 'parlance-secret',
          redirect_uris: [`${publicUrl}/api/auth/google/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({
          sub: `google-${id}`,
          email: id,
          email_verified: !unverified.has(id),
          name: 'Gee Oogle',
        }),
      }),
      features: { devInteractions: { enabled: true } },
    });
    idpServer.on('request', provider.callback());
    server = await startServer({
      env: {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        APP_URL: appUrl,
        GOOGLE_CLIENT_ID: 'parlance',
        GOOGLE_CLIENT_SECRET: 'parlance-secret',
        GOOGLE_ISSUER: issuer,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => idpServer.close(resolve));
  });

  /** Follows redirects like a browser, submitting the provider's login and consent forms. */
  async function signInWithGoogle(api: ApiClient, login: string, query = ''): Promise<URL> {
    let url = `${server.url}/api/auth/google${query}`;
    for (let step = 0; step < 15; step++) {
      if (url.startsWith(appUrl)) return new URL(url);
      const headers: Record<string, string> = {};
      const cookie = api.jar.header();
      if (cookie) headers.cookie = cookie;
      let response = await fetch(url, { headers, redirect: 'manual' });
      api.jar.store(response);
      if (response.status === 200) {
        const html = await response.text();
        const action = /action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        if (!action || !prompt) throw new Error(`unexpected page at ${url}`);
        const form = new URLSearchParams({
          prompt,
          ...(prompt === 'login' ? { login, password: 'x' } : {}),
        });
        response = await fetch(new URL(action, url), {
          method: 'POST',
          headers: {
            ...headers,
            cookie: api.jar.header() ?? '',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
          redirect: 'manual',
        });
        api.jar.store(response);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`no redirect from ${url} (${response.status})`);
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects');
  }

  it('tells the app Google sign-in is available', async () => {
    expect((await server.client().get('/api/config')).body.googleEnabled).toBe(true);
  });

  it('creates a verified account and starts a session', async () => {
    const api = server.client();
    const email = uniqueEmail('google');
    const landing = await signInWithGoogle(api, email);
    expect(landing.pathname).toBe('/app/auth/callback');
    expect(landing.search).toBe('');
    const me = await api.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      email,
      name: 'Gee Oogle',
      emailVerified: true,
      googleLinked: true,
      hasPassword: false,
    });
  });

  it('brings the app back to the page it was headed for, if it is one of its own', async () => {
    const next = '/dashboard/history/abc?tab=words#w12';
    const landing = await signInWithGoogle(
      server.client(),
      uniqueEmail('google-next'),
      `?${new URLSearchParams({ next })}`,
    );
    expect(landing.pathname).toBe('/app/auth/callback');
    expect(landing.searchParams.get('next')).toBe(next);
    const ignored = [
      ...[
        '//evil.example/x',
        '/\\evil.example',
        'https://evil.example',
        '/a\tb',
        `/${'x'.repeat(1100)}`,
      ].map((next) => `?${new URLSearchParams({ next })}`),
      // Repeated: not one path, so none.
      '?next=/dashboard&next=/dashboard/usage',
    ];
    for (const query of ignored) {
      const refused = await signInWithGoogle(
        server.client(),
        uniqueEmail('google-elsewhere'),
        query,
      );
      expect(refused.pathname, query).toBe('/app/auth/callback');
      expect(refused.search, query).toBe('');
    }
  });

  it('signs the same Google account into the same user again', async () => {
    const email = uniqueEmail('again');
    const first = server.client();
    await signInWithGoogle(first, email);
    const second = server.client();
    await signInWithGoogle(second, email);
    expect((await second.get('/api/auth/me')).body.user.id).toBe(
      (await first.get('/api/auth/me')).body.user.id,
    );
  });

  it('links an existing password account with the same e-mail, keeping its password', async () => {
    const {
      api,
      email,
      user: before,
    } = await signUp(server, {
      name: 'Pat',
      email: uniqueEmail('linked'),
    });
    const laptop = server.client();
    await laptop.post('/api/auth/login', { email, password: DEFAULT_PASSWORD });
    expect((await laptop.get('/api/auth/me')).body.user.googleLinked).toBe(false);
    await signInWithGoogle(api, email);
    // The password session signed in before the link shows it at once.
    expect((await laptop.get('/api/auth/me')).body.user.googleLinked).toBe(true);
    const me = (await api.get('/api/auth/me')).body.user;
    expect(me).toMatchObject({
      id: before.id,
      name: 'Pat',
      googleLinked: true,
      hasPassword: true,
    });
    expect(
      (await server.client().post('/api/auth/login', { email, password: DEFAULT_PASSWORD })).status,
    ).toBe(200);
  });

  it('drops the password of an unverified account it takes over', async () => {
    const email = uniqueEmail('squatted');
    await server
      .client()
      .post('/api/auth/register', { name: 'Squatter', email, password: DEFAULT_PASSWORD });
    const owner = server.client();
    await signInWithGoogle(owner, email);
    expect((await owner.get('/api/auth/me')).body.user).toMatchObject({
      emailVerified: true,
      hasPassword: false,
    });
    expect(
      (await server.client().post('/api/auth/login', { email, password: DEFAULT_PASSWORD })).status,
    ).toBe(401);
    const squatters = await server.storage.db
      .select()
      .from(emailCodes)
      .innerJoin(users, eq(users.id, emailCodes.userId))
      .where(eq(users.email, email));
    expect(squatters).toEqual([]);
  });

  it('refuses an identity whose e-mail the provider has not verified', async () => {
    const email = uniqueEmail('unverified');
    unverified.add(email);
    const api = server.client();
    const landing = await signInWithGoogle(api, email);
    expect(landing.searchParams.get('error')).toBe('google_email_unverified');
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });

  it('lets a Google-only account set a password, and delete itself by confirming its e-mail', async () => {
    const api = server.client();
    const email = uniqueEmail('nopassword');
    await signInWithGoogle(api, email);
    const set = await api.post('/api/account/password', { newPassword: 'my first passphrase' });
    expect(set.status).toBe(200);
    expect((await api.get('/api/auth/me')).body.user.hasPassword).toBe(true);

    const other = server.client();
    const otherEmail = uniqueEmail('leaving');
    await signInWithGoogle(other, otherEmail);
    const wrong = await other.delete('/api/account', { confirmEmail: 'someone@else.test' });
    expect(wrong.body).toEqual({
      message: 'Type the e-mail address of your account to confirm',
      code: 'confirmation_failed',
    });
    expect((await other.delete('/api/account', { confirmEmail: otherEmail })).status).toBe(200);
    expect(await server.storage.db.select().from(users).where(eq(users.email, otherEmail))).toEqual(
      [],
    );
  });

  it('refuses a callback that did not start in this browser', async () => {
    const res = await server.client().get('/api/auth/google/callback?code=stolen&state=whatever');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `${appUrl}/auth/callback?error=google_session_expired`,
    );
  });
});

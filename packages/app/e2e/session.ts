/**
 * Accounts for the journeys, made through the product's own API from Node (register, read the
 * code from the dev outbox, verify) when a journey is not about signing up itself.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright';
import { SIGNED_IN_HINT_COOKIE } from '@parlance/contract/endpoints';
import { newContext } from './browser';

export const SESSION_COOKIE = 'parlance_session';
const REGISTRATION_COOKIE = 'parlance_registration';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** A fresh account's details; the tag says which journey it belongs to. */
export function newAccount(tag: string): Account {
  const id = randomUUID().slice(0, 8);
  return {
    name: `E2E ${tag}`,
    email: `e2e-${tag}-${id}@example.com`,
    password: `Sturdy-${id}-passphrase`,
  };
}

export async function until<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** The newest mail to `email` whose subject matches, waiting for it to arrive. */
export function mailTo(url: string, email: string, subject: RegExp): Promise<OutboxMail> {
  return until(`a mail to ${email} matching ${subject}`, async () => {
    const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}`);
    const { messages } = (await res.json()) as { messages: OutboxMail[] };
    return messages.find((message) => subject.test(message.subject));
  });
}

export async function verificationCode(url: string, email: string): Promise<string> {
  const mail = await mailTo(url, email, /verification code/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${mail.text}`);
  return code;
}

/** POSTs JSON as the app would (same origin), failing on any error status. */
export async function postJson(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Registers and verifies an account through the API; returns its session token. */
export async function createAccount(url: string, account: Account): Promise<string> {
  const registered = await postJson(url, '/api/auth/register', {
    ...account,
    'cf-turnstile-response': '',
  });
  // The code is taken only with the cookie naming the registration, as in the browser that made it.
  const registration = `${REGISTRATION_COOKIE}=${cookieSet(registered, REGISTRATION_COOKIE)}`;
  const verified = await postJson(
    url,
    '/api/auth/verify-code',
    { email: account.email, code: await verificationCode(url, account.email) },
    { cookie: registration },
  );
  return sessionToken(verified);
}

/** The value a response set for cookie `name`. */
function cookieSet(res: Response, name: string): string {
  const value = res.headers
    .getSetCookie()
    .map((cookie) => new RegExp(`^${name}=([^;]+)`).exec(cookie)?.[1])
    .find(Boolean);
  if (!value) throw new Error(`${res.url} set no ${name} cookie`);
  return value;
}

/** The session token a sign-in response set as its cookie. */
export const sessionToken = (res: Response): string => cookieSet(res, SESSION_COOKIE);

/** A browser context already signed in as a new account (its session cookie set). */
export async function signedInContext(
  browser: Browser,
  url: string,
  tag: string,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; account: Account; token: string }> {
  const account = newAccount(tag);
  const token = await createAccount(url, account);
  const context = await newContext(browser, url, viewport);
  await context.addCookies(sessionCookies(url, token));
  return { context, account, token };
}

/** The cookies a sign-in leaves in the browser: the session's, and the hint the page reads. */
export const sessionCookies = (url: string, token: string) => [
  { name: SESSION_COOKIE, value: token, url, httpOnly: true, sameSite: 'Lax' as const },
  { name: SIGNED_IN_HINT_COOKIE, value: '1', url, httpOnly: false, sameSite: 'Lax' as const },
];

/** What a browser of the app sends with a session: its cookie, and its origin (CSRF check). */
export const sessionHeaders = (url: string, token: string) => ({
  cookie: `${SESSION_COOKIE}=${token}`,
  origin: url,
});

/** Fills in and sends the sign-in form on the page it is on. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

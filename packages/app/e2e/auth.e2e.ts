/** Journeys 1–3: sign up with the e-mailed code, sign out and in, reset a forgotten password. */
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import {
  definitionOf,
  expectPath,
  expectText,
  expectVisible,
  productOn,
  launchedPerFile,
} from './journey';
import {
  createAccount,
  mailTo,
  newAccount,
  signedInContext,
  signIn,
  verificationCode,
  type Account,
} from './session';

const browser = launchedPerFile();

const { url, backend } = productOn('postgres');

describe(`auth journeys on ${backend}`, () => {
  it('registers with name, e-mail and password, verifies the mailed code and lands on the overview with the signup bonus', async () => {
    const context = await newContext(browser(), url);
    const page = await context.newPage();
    const account = newAccount('register');
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Name').fill(account.name);
    await form.getByLabel('Work email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Create account' }).click();

    await expectVisible(page.getByRole('heading', { name: 'Check your email' }));
    await page.getByLabel('Verification code').fill(await verificationCode(url, account.email));
    await page.getByRole('button', { name: 'Verify and continue' }).click();

    await expectPath(page, '/dashboard/overview');
    await expectVisible(page.getByRole('heading', { name: 'Overview', level: 1 }));
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    await expectPath(page, '/dashboard/billing');
    await expectText(definitionOf(page, 'Current balance'), '$5.00');
    await expectText(page.getByRole('table', { name: /credit/i }), /Welcome bonus/);
    await context.close();
  });

  it('signs out and in again; a wrong password shows the server message; signed out, the dashboard sends to /login', async () => {
    const account = newAccount('login');
    await createAccount(url, account);
    const context = await newContext(browser(), url);
    const page = await context.newPage();

    await page.goto('/login');
    await signIn(page, account.email, 'not-the-password');
    await expectText(page.getByRole('alert'), 'Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');

    await signIn(page, account.email, account.password);
    await expectPath(page, '/dashboard/overview');
    await expectVisible(page.getByText(account.name, { exact: true }));

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expectPath(page, '/login');
    await page.goto('/dashboard/overview');
    await expectPath(page, '/login');
    await expectVisible(page.getByRole('heading', { name: 'Sign in to Parlance' }));

    await signIn(page, account.email, account.password);
    await expectPath(page, '/dashboard/overview');
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link, which signs out every other session', async () => {
    const other = await signedInContext(browser(), url, 'forgot');
    const account: Account = other.account;
    const otherPage = await other.context.newPage();
    await otherPage.goto('/dashboard/overview');
    await expectVisible(otherPage.getByRole('heading', { name: 'Overview', level: 1 }));

    const context = await newContext(browser(), url);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/forgot-password');
    await page
      .getByRole('form', { name: 'Reset password' })
      .getByLabel('Email')
      .fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectText(
      page.getByText(/we sent it a link to reset the password/),
      /link works for one hour/,
    );

    const mail = await mailTo(url, account.email, /Reset your Parlance password/);
    const link = /https?:\/\/\S+\/reset-password#token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    // The token rides in the fragment, which the browser never sends; the page drops it at once.
    const requested: string[] = [];
    page.on('request', (request) => {
      requested.push(request.url());
    });
    await page.goto(link ?? '');
    await expectPath(page, '/reset-password');
    await expect.poll(() => new URL(page.url()).hash, { interval: 100 }).toBe('');
    const newPassword = `${account.password}-renewed`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectPath(page, '/login');
    await expectText(page.getByRole('main'), 'Your password has been reset');
    // What reaches the server of each request (path and query) never held the token.
    const token = new URL(link ?? '').hash.slice('#token='.length);
    const sent = requested.map((address) => {
      const { pathname, search } = new URL(address);
      return pathname + search;
    });
    expect(sent.filter((part) => part.includes(token))).toEqual([]);
    expect(sent).toContain('/api/auth/reset-password');

    await signIn(page, account.email, account.password);
    await expectText(page.getByRole('alert'), 'Invalid email or password');
    await signIn(page, account.email, newPassword);
    await expectPath(page, '/dashboard/overview');

    // The other browser's session was revoked: its next dashboard call gets a 401 and goes to /login.
    await otherPage.getByRole('link', { name: 'Billing', exact: true }).click();
    await expectPath(otherPage, '/login');
    await Promise.all([context.close(), other.context.close()]);
  });
});

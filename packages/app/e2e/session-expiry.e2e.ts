/**
 * Journey 9: the session ends elsewhere (signed out everywhere from another device). On a
 * dashboard page the next call's 401 sends the browser to /login; on a public page it does not.
 */
import { describe, it } from 'vitest';
import { expectPath, expectVisible, productOn, launchedPerFile } from './journey';
import { postJson, sessionHeaders, sessionToken, signedInContext, type Account } from './session';

const browser = launchedPerFile();

/** Signs in from "another device" (Node) and signs out every session of the account there. */
async function signOutEverywhere(url: string, account: Account): Promise<void> {
  const { email, password } = account;
  const login = await postJson(url, '/api/auth/login', {
    email,
    password,
    'cf-turnstile-response': '',
  });
  await postJson(url, '/api/auth/logout-all', {}, sessionHeaders(url, sessionToken(login)));
}

const { url, backend } = productOn('postgres');

describe(`session expiry on ${backend}`, () => {
  it('on a dashboard page, the next call after the session ended redirects to /login', async () => {
    const { context, account } = await signedInContext(browser(), url, 'expiry');
    const page = await context.newPage();
    await page.goto('/dashboard/overview');
    await expectVisible(page.getByRole('heading', { name: 'Overview', level: 1 }));
    // The page's own calls are done (the shell shows before them): the 401 comes from the click.
    await expectVisible(page.getByRole('heading', { name: 'Recent transcriptions' }));
    await page.waitForLoadState('networkidle');

    await signOutEverywhere(url, account);
    await page.getByRole('button', { name: 'Refresh all' }).click();
    await expectPath(page, '/login');
    await expectVisible(page.getByRole('heading', { name: 'Sign in to Parlance' }));
    await context.close();
  });

  it('on a public page, the session ending does not redirect: the header just offers Sign In', async () => {
    const { context, account } = await signedInContext(browser(), url, 'expirypublic');
    const page = await context.newPage();
    await page.goto('/pricing');
    const header = page.getByRole('banner');
    await expectVisible(header.getByRole('link', { name: 'Dashboard' }));

    await signOutEverywhere(url, account);
    await page.reload();
    await expectVisible(header.getByRole('link', { name: 'Sign In' }));
    await expectPath(page, '/pricing');
    await context.close();
  });
});

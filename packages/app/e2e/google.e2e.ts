/** Journey 4: Google sign-in, against the local OpenID provider started by global-setup.ts. */
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { expectPath, expectVisible, productOn, launchedPerFile } from './journey';
import { newAccount } from './session';

const browser = launchedPerFile();

const { url, backend } = productOn('pglite');

describe(`Google sign-in on ${backend}`, () => {
  it('signs in at the provider, comes back through /auth/callback and lands on the dashboard', async () => {
    const context = await newContext(browser(), url);
    const page = await context.newPage();
    const { email } = newAccount('google');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    // The provider's own sign-in form (oidc-provider's development interaction).
    await page.getByPlaceholder('Enter any login').fill(email);
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    await expectPath(page, '/dashboard/overview');
    expect(visited).toContain('/auth/callback');
    await expectVisible(page.getByRole('heading', { name: 'Overview', level: 1 }));
    // The account is named after the Google profile (the part of the address before the @).
    await expectVisible(page.getByText(email.split('@')[0] ?? email, { exact: true }));
    await context.close();
  });
});

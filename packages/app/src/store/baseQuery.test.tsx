import { http, HttpResponse } from 'msw';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { describe, expect, test, vi } from 'vitest';
import { server } from '../test/server';
import { createBaseQuery } from './baseQuery';

const apiFor = (endpoint: string) =>
  ({
    endpoint,
    signal: new AbortController().signal,
    abort: vi.fn(),
    dispatch: vi.fn(),
    getState: vi.fn(),
    extra: undefined,
    type: 'query',
  }) as unknown as BaseQueryApi;

function setup(pathname: string) {
  const redirectToLogin = vi.fn();
  const baseQuery = createBaseQuery({ currentPath: () => pathname, redirectToLogin });
  return {
    redirectToLogin,
    run: (endpoint: string, url: string) => baseQuery(url, apiFor(endpoint), {}),
  };
}

describe('base query', () => {
  test('a 401 on a dashboard page sends the browser to /login and still returns the error', async () => {
    server.use(
      http.get('/api/usage/overview', () =>
        HttpResponse.json(
          { message: 'Sign in to continue', code: 'unauthenticated' },
          { status: 401 },
        ),
      ),
    );
    const { run, redirectToLogin } = setup('/dashboard/overview');
    const result = await run('usageOverview', '/api/usage/overview');
    expect(redirectToLogin).toHaveBeenCalledOnce();
    expect(result.error).toEqual({
      status: 401,
      data: { message: 'Sign in to continue', code: 'unauthenticated' },
    });
  });

  test('a 401 from the current-user call never redirects', async () => {
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json(
          { message: 'Sign in to continue', code: 'unauthenticated' },
          { status: 401 },
        ),
      ),
    );
    const { run, redirectToLogin } = setup('/dashboard/overview');
    await run('me', '/api/auth/me');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  test('a 401 on a public page does not redirect', async () => {
    server.use(
      http.get('/api/billing/rates', () =>
        HttpResponse.json({ message: 'x', code: 'y' }, { status: 401 }),
      ),
    );
    const { run, redirectToLogin } = setup('/pricing');
    await run('rates', '/api/billing/rates');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  test('other errors pass through unchanged, without redirecting', async () => {
    server.use(
      http.get('/api/billing/info', () =>
        HttpResponse.json({ message: 'Billing is down', code: 'internal' }, { status: 500 }),
      ),
    );
    const { run, redirectToLogin } = setup('/dashboard/billing');
    const result = await run('billingInfo', '/api/billing/info');
    expect(result.error).toEqual({
      status: 500,
      data: { message: 'Billing is down', code: 'internal' },
    });
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  test('sends the session cookie: credentials include', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get('/api/config', ({ request }) => {
        credentials = request.credentials;
        return HttpResponse.json({ turnstileSiteKey: null, googleEnabled: false });
      }),
    );
    await setup('/').run('config', '/api/config');
    expect(credentials).toBe('include');
  });
});

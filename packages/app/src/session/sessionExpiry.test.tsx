import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { userFixture } from '@parlance/mocks';
import { server } from '../test/server';
import { makeStore } from '../store/store';
import { usageApi } from '../features/usage/api/usageApi';
import { sessionApi } from './sessionApi';

const unauthorized = () =>
  HttpResponse.json({ message: 'Sign in to continue', code: 'unauthenticated' }, { status: 401 });

/** A store at `pathname` holding the signed-in user and their stats, as after a dashboard visit. */
async function signedInStore(pathname: string) {
  const redirectToLogin = vi.fn();
  const store = makeStore(undefined, { session: { currentPath: () => pathname, redirectToLogin } });
  await store.dispatch(sessionApi.endpoints.me.initiate());
  await store.dispatch(usageApi.endpoints.getUsageOverview.initiate());
  const stats = () => usageApi.endpoints.getUsageOverview.select()(store.getState()).data;
  const user = () => sessionApi.endpoints.me.select()(store.getState()).data;
  expect(stats()).toBeDefined();
  expect(user()).toEqual(userFixture);
  return { store, redirectToLogin, stats, user };
}

// Ending a session loads the toast viewport's chunk to close its toasts; loaded here first, so
// no test ends while that import is still on its way.
beforeAll(() => import('../shared/Toasts'));

describe('the 401 rule', () => {
  test('a 401 on a dashboard page ends the session (the cache is emptied) and sends the browser to /login', async () => {
    const { store, redirectToLogin, stats, user } = await signedInStore('/dashboard/overview');
    server.use(http.get('/api/usage/overview', unauthorized));
    await store.dispatch(
      usageApi.endpoints.getUsageOverview.initiate(undefined, { forceRefetch: true }),
    );
    expect(redirectToLogin).toHaveBeenCalledOnce();
    expect(stats()).toBeUndefined();
    await waitFor(() => expect(user()).toBeNull());
    expect(Object.keys(store.getState().api.queries)).toEqual(['me(undefined)']);
  });

  test('a 401 on a public page neither redirects nor drops the cache', async () => {
    const { store, redirectToLogin, stats } = await signedInStore('/pricing');
    server.use(http.get('/api/usage/overview', unauthorized));
    await store.dispatch(
      usageApi.endpoints.getUsageOverview.initiate(undefined, { forceRefetch: true }),
    );
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(stats()).toBeDefined();
  });

  test('a 401 on an auth page neither redirects nor drops the cache', async () => {
    const { store, redirectToLogin, stats } = await signedInStore('/login');
    server.use(http.get('/api/usage/overview', unauthorized));
    await store.dispatch(
      usageApi.endpoints.getUsageOverview.initiate(undefined, { forceRefetch: true }),
    );
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(stats()).toBeDefined();
  });

  test('a 401 from the current-user call never redirects; it signs out', async () => {
    const { store, redirectToLogin, stats, user } = await signedInStore('/dashboard/overview');
    server.use(http.get('/api/auth/me', unauthorized));
    await store.dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    expect(redirectToLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(user()).toBeNull());
    expect(stats()).toBeUndefined();
  });

  test('other errors pass through without redirecting or dropping the cache', async () => {
    const { store, redirectToLogin, stats } = await signedInStore('/dashboard/overview');
    server.use(
      http.get('/api/usage/overview', () =>
        HttpResponse.json({ message: 'Stats are down', code: 'internal' }, { status: 500 }),
      ),
    );
    const result = await store.dispatch(
      usageApi.endpoints.getUsageOverview.initiate(undefined, { forceRefetch: true }),
    );
    expect(result.error).toEqual({
      status: 500,
      data: { message: 'Stats are down', code: 'internal' },
    });
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(stats()).toBeDefined();
  });
});

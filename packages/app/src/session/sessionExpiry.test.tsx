import { HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { authEndpoints, usageEndpoints, type Endpoint } from '@parlance/contract/endpoints';
import { on, userFixture } from '@parlance/mocks';
import { server } from '../test/server';
import { makeStore, type AppStore } from '../store/store';
import { usageApi } from '../features/usage/api/usageApi';
import { sessionApi, startSession } from './sessionApi';

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
    server.use(on(usageEndpoints.overview, unauthorized));
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
    server.use(on(usageEndpoints.overview, unauthorized));
    await store.dispatch(
      usageApi.endpoints.getUsageOverview.initiate(undefined, { forceRefetch: true }),
    );
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(stats()).toBeDefined();
  });

  test('a 401 on an auth page neither redirects nor drops the cache', async () => {
    const { store, redirectToLogin, stats } = await signedInStore('/login');
    server.use(on(usageEndpoints.overview, unauthorized));
    await store.dispatch(
      usageApi.endpoints.getUsageOverview.initiate(undefined, { forceRefetch: true }),
    );
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(stats()).toBeDefined();
  });

  test('a 401 from the current-user call never redirects; it signs out', async () => {
    const { store, redirectToLogin, stats, user } = await signedInStore('/dashboard/overview');
    server.use(on(authEndpoints.me, unauthorized));
    await store.dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    expect(redirectToLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(user()).toBeNull());
    expect(stats()).toBeUndefined();
  });

  test('other errors pass through without redirecting or dropping the cache', async () => {
    const { store, redirectToLogin, stats } = await signedInStore('/dashboard/overview');
    server.use(
      on(usageEndpoints.overview, () =>
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

  describe('after the session changed on this tab (signed out, then in as another account)', () => {
    const other = { ...userFixture, id: 'usr_other', email: 'other@example.com', name: 'Other' };

    /**
     * Signed in on a dashboard page, `call` goes out (its answer at `endpoint` held back), then
     * another account signs in on the same tab, and only then does the held call get its 401.
     */
    async function answeredLateAfterSignIn(
      endpoint: Endpoint,
      call: (store: AppStore) => PromiseLike<unknown>,
    ) {
      const signedIn = await signedInStore('/dashboard/overview');
      let arrived = () => undefined as void;
      let release = () => undefined as void;
      let answered = () => undefined as void;
      const called = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const late = new Promise<void>((resolve) => (answered = resolve));
      server.use(
        on(
          endpoint,
          async () => {
            arrived();
            await released;
            answered();
            return unauthorized();
          },
          { once: true },
        ),
      );
      const stale = call(signedIn.store);
      await called;
      server.use(on(authEndpoints.me, () => HttpResponse.json({ user: other })));
      signedIn.store.dispatch(startSession());
      await waitFor(() => expect(signedIn.user()).toEqual(other));
      release();
      await Promise.all([stale, late]);
      // Ending a session empties the cache at once: give the stale call's failure its turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return signedIn;
    }

    // The sign-in empties the cache, and RTK Query aborts the calls under way with it: the 401 of
    // one begun before never reaches the 401 rule.
    test('a 401 to a call begun in the earlier session neither redirects nor ends the new one', async () => {
      const signedIn = await answeredLateAfterSignIn(usageEndpoints.overview, (store) =>
        store.dispatch(
          usageApi.endpoints.getUsageOverview.initiate(undefined, { forceRefetch: true }),
        ),
      );
      expect(signedIn.redirectToLogin).not.toHaveBeenCalled();
      expect(signedIn.user()).toEqual(other);
    });

    test('a session check begun in the earlier session that fails late does not end the new one', async () => {
      const signedIn = await answeredLateAfterSignIn(authEndpoints.me, (store) =>
        store.dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true })),
      );
      expect(signedIn.user()).toEqual(other);
    });
  });
});

import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { authHandlers, on, setSignedInHint, userFixture } from '@parlance/mocks';
import { authEndpoints, SIGNED_IN_HINT_COOKIE } from '@parlance/contract/endpoints';
import { server } from '../test/server';
import { makeStore } from '../store/store';
import { usageApi } from '../features/usage/api/usageApi';
import { authApi } from '../features/auth/api/authApi';
import { sessionApi } from './sessionApi';
import { sessionStatus, useAuth, type CurrentUserCheck } from './useAuth';

function renderAuth() {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return { store, ...renderHook(() => useAuth(), { wrapper }) };
}

afterEach(() => vi.restoreAllMocks());

describe('sessionStatus', () => {
  const settled = { isError: false, isUninitialized: false, isFetching: false };
  test.each<[string, CurrentUserCheck, string]>([
    ['before the first check', { ...settled, isUninitialized: true }, 'loading'],
    ['while the first check runs', { ...settled, isFetching: true }, 'loading'],
    ['with a user', { ...settled, data: userFixture }, 'authenticated'],
    [
      'with a user while re-checking',
      { ...settled, data: userFixture, isFetching: true },
      'authenticated',
    ],
    ['with no user', { ...settled, data: null }, 'unauthenticated'],
    ['on an error', { ...settled, isError: true }, 'unauthenticated'],
    [
      'on an error, with the user of an earlier check still cached',
      { ...settled, isError: true, data: userFixture },
      'unauthenticated',
    ],
  ])('%s: %s', (_, check, expected) => {
    expect(sessionStatus(check)).toBe(expected);
  });
});

describe('useAuth session states', () => {
  test('loading while the current-user call runs, then authenticated with the user', async () => {
    const { result } = renderAuth();
    expect(result.current.status).toBe('loading');
    expect(result.current.user).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user).toEqual(userFixture);
  });

  test('a 401 from the current-user call means unauthenticated', async () => {
    server.use(...authHandlers.empty);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(result.current.user).toBeNull();
  });

  test('without the signed-in hint cookie there is no session: signed out, and no call is made', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; max-age=0; path=/`;
    let meCalls = 0;
    server.use(
      on(authEndpoints.me, () => {
        meCalls += 1;
        return HttpResponse.json({ user: userFixture });
      }),
    );
    const { result, store } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(result.current.user).toBeNull();
    expect(meCalls).toBe(0);
    // The hint back (the server sets it with a session): the next check asks and finds the user.
    setSignedInHint();
    await act(() =>
      store.dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true })),
    );
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(meCalls).toBe(1);
  });

  test("a hint cleared by another tab's sign-out ends the session here too, dropping cached data", async () => {
    const { result, store } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await act(() => store.dispatch(usageApi.endpoints.getUsageOverview.initiate()));
    expect(usageApi.endpoints.getUsageOverview.select()(store.getState()).data).toBeDefined();
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; max-age=0; path=/`;
    await act(() =>
      store.dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true })),
    );
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(usageApi.endpoints.getUsageOverview.select()(store.getState()).data).toBeUndefined();
  });

  test('a failing current-user call (500) leaves the user signed out', async () => {
    server.use(
      on(authEndpoints.me, () =>
        HttpResponse.json({ message: 'boom', code: 'internal' }, { status: 500 }),
      ),
    );
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
  });

  test('a failed re-check signs out although RTK Query kept the user, and drops their cached data', async () => {
    const { result, store } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await act(() => store.dispatch(usageApi.endpoints.getUsageOverview.initiate()));
    server.use(
      on(authEndpoints.me, () =>
        HttpResponse.json({ message: 'boom', code: 'internal' }, { status: 500 }),
      ),
    );
    await act(() =>
      store.dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true })),
    );
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(result.current.user).toBeNull();
    expect(usageApi.endpoints.getUsageOverview.select()(store.getState()).data).toBeUndefined();
  });

  test('after a successful login the current user is fetched again', async () => {
    let session = false;
    let meCalls = 0;
    server.use(
      on(authEndpoints.me, () => {
        meCalls += 1;
        return session
          ? HttpResponse.json({ user: userFixture })
          : HttpResponse.json(
              { message: 'Sign in to continue', code: 'unauthenticated' },
              { status: 401 },
            );
      }),
      on(authEndpoints.login, () => {
        session = true;
        return HttpResponse.json({ user: userFixture });
      }),
    );
    const { result, store } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    await act(() =>
      store.dispatch(
        authApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'pw' }),
      ),
    );
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(meCalls).toBe(2);
  });

  test('logout calls the server and clears the user', async () => {
    const logoutCall = vi.fn();
    server.use(
      on(authEndpoints.logout, () => {
        logoutCall();
        return HttpResponse.json({ message: 'Signed out' });
      }),
    );
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await act(() => result.current.logout());
    expect(logoutCall).toHaveBeenCalledOnce();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(result.current.user).toBeNull();
  });

  test('a failed logout call is logged and the local user is cleared anyway', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      on(authEndpoints.logout, () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 503 }),
      ),
    );
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await act(() => result.current.logout());
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(result.current.user).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('Sign-out call failed'),
      expect.anything(),
    );
  });
});

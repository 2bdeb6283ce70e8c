import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { User } from '@parlance/contract';
import {
  billingHandlers,
  emptyBillingInfoFixture,
  on,
  transcriptsHandlers,
  usageHandlers,
  userFixture,
} from '@parlance/mocks';
import { toast } from '@parlance/ui';
import {
  authEndpoints,
  billingEndpoints,
  SIGNED_IN_HINT_COOKIE,
} from '@parlance/contract/endpoints';
import { makeStore, type AppStore } from '../store/store';
import { server } from '../test/server';
import { renderDashboard } from '../test/renderDashboard';
import { endSession, sessionApi } from './sessionApi';
import { watchSession } from './watchSession';

/** What account A (the default fixtures) shows on its overview, recognisable anywhere. */
const A_VALUES = [userFixture.name, userFixture.email, '342.5 min', 'weekly-standup-nov-19.m4a'];

/** Account B: another user, with no usage, transcripts or billing yet. */
const accountB: User = {
  ...userFixture,
  id: '0b7e2c44-1f3a-4d5b-8c6d-7e8f9a0b1c2d',
  name: 'Grace Hopper',
  email: 'grace@example.com',
};

/** B's billing: a new account's, its receipts made out to B. */
const billingOfB = [
  on(billingEndpoints.info, () =>
    HttpResponse.json({ ...emptyBillingInfoFixture, billingName: accountB.name }),
  ),
  ...billingHandlers.empty,
];

const unauthorized = () =>
  HttpResponse.json({ message: 'Sign in to continue', code: 'unauthenticated' }, { status: 401 });

// As the app does at start (App.tsx): toasts then close in the same step as a session ends.
beforeAll(() => import('../shared/Toasts'));
afterEach(() => vi.restoreAllMocks());

/** A signed in, on the overview with A's data on screen (and in the cache). */
async function signedInAsA() {
  const redirectToLogin = vi.fn();
  const session = { currentPath: () => router.state.location.pathname, redirectToLogin };
  const store = makeStore(undefined, { session });
  const { router } = renderDashboard('/dashboard/overview', { store });
  expect(await screen.findByText('342.5 min', {})).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'weekly-standup-nov-19.m4a' })).toBeVisible();
  expect(screen.getByText(userFixture.name)).toBeInTheDocument();
  // What signing in shows (LoginRoute): a toast that names A and outlives a quick sign-out.
  act(() => void toast.success(`Welcome back, ${userFixture.name}.`));
  expect(await screen.findByRole('status')).toHaveTextContent(userFixture.name);
  return { store, router, redirectToLogin };
}

type Router = Awaited<ReturnType<typeof signedInAsA>>['router'];

/** Nothing of A's is left in the store or on screen, and the session has no user. */
async function expectNothingOfA(store: AppStore) {
  const state = JSON.stringify(store.getState());
  for (const value of A_VALUES) expect(state).not.toContain(value);
  expect(store.getState().api.queries['me(undefined)']?.data).toBeNull();
  await waitFor(() => {
    for (const value of A_VALUES) expect(document.body.innerHTML).not.toContain(value);
  });
}

/** Records every appearance of A's values in the page from now on, however briefly. */
function watchForA() {
  const seen: string[] = [];
  const check = (text: string | null | undefined) => {
    for (const value of A_VALUES) if (text?.includes(value)) seen.push(value);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => check(node.textContent));
      if (record.type === 'characterData') check(record.target.textContent);
      if (record.type === 'attributes' && record.attributeName)
        check((record.target as Element).getAttribute(record.attributeName));
    }
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
  return {
    seen: () => {
      check(document.body.innerHTML);
      observer.disconnect();
      return seen;
    },
  };
}

/** B signs in on the same tab: B's overview shows, and nothing of A's ever reaches the page. */
async function signInAsB(router: Router) {
  if (router.state.location.pathname !== '/login') await act(() => router.navigate('/login'));
  const form = await screen.findByRole('form', { name: 'Sign in' });
  const watch = watchForA();
  server.use(
    on(authEndpoints.me, () => HttpResponse.json({ user: accountB })),
    on(authEndpoints.login, () => HttpResponse.json({ user: accountB })),
    ...usageHandlers.empty,
    ...transcriptsHandlers.empty,
    ...billingOfB,
  );
  const user = userEvent.setup({ delay: null });
  await user.type(within(form).getByLabelText('Email'), accountB.email);
  await user.type(within(form).getByLabelText('Password'), 'grace-password');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
  expect(await screen.findByText('0 min')).toBeInTheDocument();
  expect(await screen.findByText(/No transcriptions yet/)).toBeInTheDocument();
  expect(screen.getAllByText(accountB.name).length).toBeGreaterThan(0);
  expect(watch.seen()).toEqual([]);
}

describe('every sign-out path empties the cache; B never sees A', () => {
  test('log out', async () => {
    const { store, router } = await signedInAsA();
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await expectNothingOfA(store);
    await signInAsB(router);
  });

  test('log out when the server call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, router } = await signedInAsA();
    server.use(
      on(authEndpoints.logout, () =>
        HttpResponse.json({ message: 'down', code: 'internal' }, { status: 503 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await expectNothingOfA(store);
    await signInAsB(router);
  });

  test('sign out everywhere', async () => {
    const { store, router } = await signedInAsA();
    await act(() => router.navigate('/dashboard/account'));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    await expectNothingOfA(store);
    await signInAsB(router);
  });

  test('delete the account: home, signed out', async () => {
    const { store, router } = await signedInAsA();
    await act(() => router.navigate('/dashboard/account'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Your e-mail'), userFixture.email);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await expectNothingOfA(store);
    expect((await screen.findAllByRole('link', { name: 'Sign In' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    await signInAsB(router);
  });

  test('a 401 on a dashboard page', async () => {
    const { store, router, redirectToLogin } = await signedInAsA();
    server.use(...usageHandlers.unauthorized, ...billingHandlers.unauthorized);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    await waitFor(() => expect(redirectToLogin).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await expectNothingOfA(store);
    await signInAsB(router);
  });

  test('a failed session check (the re-check after saving the profile answers 500)', async () => {
    const { store, router } = await signedInAsA();
    await act(() => router.navigate('/dashboard/settings'));
    await screen.findByRole('textbox', { name: 'Name' });
    server.use(
      on(authEndpoints.me, () =>
        HttpResponse.json({ message: 'boom', code: 'internal' }, { status: 500 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await expectNothingOfA(store);
    await signInAsB(router);
  });

  test('B signs in while A is still signed in: the cache is empty before B is even fetched', async () => {
    const { store, router } = await signedInAsA();
    const stateWhenBIsFetched: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/auth/me')
        stateWhenBIsFetched.push(JSON.stringify(store.getState()));
    };
    server.events.on('request:start', onRequest);
    await signInAsB(router);
    server.events.removeListener('request:start', onRequest);
    expect(stateWhenBIsFetched).toHaveLength(1);
    for (const value of A_VALUES) expect(stateWhenBIsFetched[0]).not.toContain(value);
  });
});

describe("this tab follows the browser's session, which other tabs share", () => {
  let stopWatching = () => undefined as void;
  afterEach(() => stopWatching());

  test('B signed in in another tab: back on this tab, it starts over with B, never showing B beside A', async () => {
    const { store, router } = await signedInAsA();
    stopWatching = watchSession(store);
    server.use(
      on(authEndpoints.me, () => HttpResponse.json({ user: accountB })),
      ...usageHandlers.empty,
      ...transcriptsHandlers.empty,
      ...billingOfB,
    );
    // Whatever renders, B's name never shares the page with anything of A's.
    const mixed: string[] = [];
    const observer = new MutationObserver(() => {
      const page = document.body.innerHTML;
      if (page.includes(accountB.name))
        mixed.push(...A_VALUES.filter((value) => page.includes(value)));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('0 min')).toBeInTheDocument();
    expect(screen.getAllByText(accountB.name).length).toBeGreaterThan(0);
    observer.disconnect();
    expect(mixed).toEqual([]);
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    const state = JSON.stringify(store.getState());
    for (const value of A_VALUES) expect(state).not.toContain(value);
  });

  test('A signed out in another tab: this tab hears it at once and ends the session too', async () => {
    const { store, router } = await signedInAsA();
    stopWatching = watchSession(store);
    // The other tab's sign-out cleared the shared cookies, and it says so on the channel.
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; max-age=0; path=/`;
    const otherTab = new BroadcastChannel('parlance-session');
    otherTab.postMessage('session-changed');
    otherTab.close();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await expectNothingOfA(store);
  });

  test('coming back into view checks again: a session the server ended ends here too', async () => {
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.me.initiate(undefined, { subscribe: false }));
    expect(store.getState().api.queries['me(undefined)']?.data).toEqual(userFixture);
    stopWatching = watchSession(store);
    server.use(on(authEndpoints.me, unauthorized));
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(store.getState().api.queries['me(undefined)']?.data).toBeNull());
  });

  test('a re-check that cannot ask (offline, a server restarting) keeps the session and its data', async () => {
    const { store, router } = await signedInAsA();
    stopWatching = watchSession(store);
    let checks = 0;
    server.use(
      on(authEndpoints.me, () => {
        checks += 1;
        return checks === 1
          ? HttpResponse.json({ message: 'restarting', code: 'unavailable' }, { status: 503 })
          : HttpResponse.error();
      }),
    );
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(checks).toBe(1));
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(checks).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    expect(screen.getByText('342.5 min')).toBeInTheDocument();
    expect(store.getState().api.queries['me(undefined)']?.data).toEqual(userFixture);
  });

  test('a tab signed out here takes up a session only when another tab signs in', async () => {
    const store = makeStore();
    store.dispatch(endSession());
    stopWatching = watchSession(store);
    // Its own sign-out call may have failed, leaving the cookie: coming back does not sign in.
    act(() => void window.dispatchEvent(new Event('focus')));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(store.getState().api.queries['me(undefined)']?.data).toBeNull();
    const otherTab = new BroadcastChannel('parlance-session');
    otherTab.postMessage('session-changed');
    otherTab.close();
    await waitFor(() =>
      expect(store.getState().api.queries['me(undefined)']?.data).toEqual(userFixture),
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { authEndpoints } from '@parlance/contract/endpoints';
import { authHandlers, configHandlers, on } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderRoute } from '../../../test/render';
import { configApi } from '../../../shared/configApi';
import { TURNSTILE_SCRIPT_URL } from '../turnstile/loadTurnstile';

const turnstileScripts = () =>
  document.head.querySelectorAll(`script[src="${TURNSTILE_SCRIPT_URL}"]`);

async function signIn() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  turnstileScripts().forEach((script) => script.remove());
});

describe('/login', () => {
  test("shows the server's message when sign-in is refused", async () => {
    server.use(...authHandlers.loginInvalid);
    renderRoute('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  test("falls back to 'Login failed' when the answer has no message", async () => {
    server.use(...authHandlers.loginBroken);
    renderRoute('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  test('sends email, password and the bot-check field, then opens the dashboard', async () => {
    let body: unknown;
    server.use(
      on(authEndpoints.login, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: { id: 'x' } });
      }),
    );
    const { router } = renderRoute('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(body).toEqual({ email: 'ada@example.com', password: 'correct horse battery' });
  });

  test.each([
    ['/dashboard/usage?range=90', '/dashboard/usage', '?range=90'],
    ['//evil.example/steal', '/dashboard/overview', ''],
    ['/\\evil.example', '/dashboard/overview', ''],
    ['https://evil.example/', '/dashboard/overview', ''],
    ['/dashboard\n', '/dashboard/overview', ''],
  ])(
    'after signing in from ?next=%s goes to %s, a path of this site only',
    async (next, path, search) => {
      server.use(
        on(authEndpoints.login, () => HttpResponse.json({ user: { id: 'x', name: 'Ada' } })),
      );
      const { router } = renderRoute(`/login?${new URLSearchParams({ next })}`);
      await signIn();
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(router.state.location.search).toBe(search);
    },
  );

  test('carries its return path to Google sign-in and to registration, and only one of this site', async () => {
    const next = '/dashboard/usage?range=90';
    renderRoute(`/login?${new URLSearchParams({ next })}`);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', `/api/auth/google?${new URLSearchParams({ next })}`);
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      `/register?${new URLSearchParams({ next })}`,
    );
  });

  test('carries no return path that leads off the site', async () => {
    renderRoute(`/login?${new URLSearchParams({ next: '//evil.example/steal' })}`);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('loads no bot-check script when the server has no Turnstile site key', async () => {
    renderRoute('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await screen.findByRole('link', { name: 'Continue with Google' });
    expect(turnstileScripts()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('loads the Turnstile script on demand when a site key is set, and waits for its token', async () => {
    server.use(...configHandlers.withTurnstile);
    renderRoute('/login');
    await waitFor(() => expect(turnstileScripts()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  test('hides Google sign-in when the server has it off', async () => {
    server.use(...configHandlers.empty);
    const { store } = renderRoute('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() =>
      expect(configApi.endpoints.config.select()(store.getState()).isSuccess).toBe(true),
    );
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });
});

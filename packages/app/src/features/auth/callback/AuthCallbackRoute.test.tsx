import { waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { authHandlers } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderRoute } from '../../../test/render';
import { GOOGLE_SIGN_IN_FAILED } from './AuthCallbackRoute';

describe('/auth/callback', () => {
  test('with a session it re-checks the user and opens the dashboard overview', async () => {
    const { router } = renderRoute('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
  });

  test('with a session and a return path of this site, it goes there', async () => {
    const next = '/dashboard/history/abc?tab=words';
    const { router } = renderRoute(`/auth/callback?${new URLSearchParams({ next })}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/history/abc'));
    expect(router.state.location.search).toBe('?tab=words');
  });

  test('a return path off the site is ignored', async () => {
    const { router } = renderRoute(
      `/auth/callback?${new URLSearchParams({ next: '//evil.example/x' })}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
  });

  test('without a session it goes to /login with a message', async () => {
    server.use(...authHandlers.empty);
    const { router, findByText } = renderRoute('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await findByText(GOOGLE_SIGN_IN_FAILED)).toBeInTheDocument();
  });
});

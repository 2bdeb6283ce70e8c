import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { authHandlers } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderDashboard } from '../../../test/renderDashboard';

describe('dashboard guard', () => {
  test('shows a spinner while the session check runs', async () => {
    server.use(...authHandlers.slow);
    const { router } = renderDashboard('/dashboard/overview');
    expect(await screen.findByText('Checking your session')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
  });

  test('sends signed-out visitors to /login, replacing the history entry, to come back', async () => {
    server.use(...authHandlers.empty);
    const { router } = renderDashboard('/dashboard/history?page=2#top');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/dashboard/history?page=2#top',
    );
  });

  test('/dashboard redirects to /dashboard/overview', async () => {
    const { router } = renderDashboard('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });
});

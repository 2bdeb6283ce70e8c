import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { HttpResponse } from 'msw';
import type { PublicConfig } from '@parlance/contract';
import { systemEndpoints } from '@parlance/contract/endpoints';
import { billingHandlers, configHandlers, on, serviceLimitsFixture } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderDashboard } from '../../../test/renderDashboard';
import { SETTINGS_WAIT_MS } from './DashboardShell';

/** Counts the requests the app makes per path. */
function countRequests() {
  const counts = new Map<string, number>();
  const listener = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  };
  server.events.on('request:start', listener);
  return {
    of: (path: string) => counts.get(path) ?? 0,
    stop: () => server.events.removeListener('request:start', listener),
  };
}

describe('dashboard shell', () => {
  test('the sidebar lists the spec’s items in order, without Settings', async () => {
    renderDashboard('/dashboard/overview');
    const nav = await screen.findByRole('navigation', { name: /dashboard/i });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent?.trim());
    expect(names).toEqual([
      'Overview',
      'Usage',
      'Billing',
      'History',
      'API Keys',
      'Playground',
      'Account',
      'Support',
    ]);
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the top bar shows the user’s name, Settings, Refresh all and Log Out', async () => {
    const { router } = renderDashboard('/dashboard/overview');
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh all' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Overview · Parlance'));
    // Settings (default model, password) is one click away, though not in the sidebar.
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings'));
    await waitFor(() => expect(document.title).toBe('Settings · Parlance'));
  });

  test('data loads once per session: coming back to a page does not refetch it', async () => {
    const requests = countRequests();
    const { router } = renderDashboard('/dashboard/overview');
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/billing'));
    expect(await screen.findByText('$42.153817')).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/overview'));
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
    expect(requests.of('/api/usage/overview')).toBe(1);
    expect(requests.of('/api/usage/chart')).toBe(1);
    expect(requests.of('/api/billing/info')).toBe(1);
    requests.stop();
  });

  test('Refresh all refetches stats, billing, transactions, spending and payment methods together', async () => {
    const requests = countRequests();
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    await waitFor(() => expect(requests.of('/api/usage/overview')).toBe(2));
    // The overview shows the balance: billing info loaded with it, and once more now.
    await waitFor(() => expect(requests.of('/api/billing/info')).toBe(2));
    expect(requests.of('/api/billing/credits/history')).toBe(1);
    expect(requests.of('/api/usage/spending')).toBe(1);
    expect(requests.of('/api/billing/payment-methods/list')).toBe(1);
    requests.stop();
  });

  test('a failed refresh says which block failed', async () => {
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
    server.use(...billingHandlers.infoError);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    expect(await screen.findByText('Failed to refresh billing')).toBeInTheDocument();
  });

  test('the page shows once the server’s settings are known, so a test-mode notice never pushes it down', async () => {
    let answer: (config: PublicConfig) => void = () => undefined;
    const config = new Promise<PublicConfig>((resolve) => {
      answer = resolve;
    });
    server.use(on(systemEndpoints.config, async () => HttpResponse.json(await config)));
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    // The shell is on screen; the page is not, while the settings are on their way.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText('Total usage')).toBeNull();
    answer({
      turnstileSiteKey: null,
      googleEnabled: true,
      testPayments: true,
      signupCreditMicros: 5_000_000,
      limits: serviceLimitsFixture,
    });
    expect(await screen.findByText('342.5 min')).toBeVisible();
    const notice = screen.getByText('Test mode');
    expect(
      notice.compareDocumentPosition(screen.getByText('Total usage')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  test('settings that never come hold the page back no longer than SETTINGS_WAIT_MS', async () => {
    server.use(on(systemEndpoints.config, () => new Promise<never>(() => undefined)));
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    expect(screen.queryByText('Total usage')).toBeNull();
    expect(
      await screen.findByText('342.5 min', {}, { timeout: SETTINGS_WAIT_MS + 3000 }),
    ).toBeVisible();
    expect(screen.queryByText('Test mode')).toBeNull();
  });

  test('settings that cannot be read leave the page shown, without a notice', async () => {
    server.use(...configHandlers.error);
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
    expect(screen.queryByText('Test mode')).toBeNull();
  });
});

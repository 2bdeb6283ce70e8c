import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { billingHandlers, transcriptsHandlers, usageHandlers } from '@parlance/mocks';
import { server } from '../../test/server';
import { renderDashboard } from '../../test/renderDashboard';

// Answers without the server's { message } body: every block shows the spec's fallback message.
describe('load failure fallback messages', () => {
  test('overview: stats, chart and transcriptions', async () => {
    server.use(...usageHandlers.broken, ...transcriptsHandlers.broken);
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('Failed to load stats')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load chart data')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load transcriptions')).toBeInTheDocument();
  });

  test('billing: billing info, transactions and payment methods', async () => {
    server.use(...billingHandlers.broken);
    renderDashboard('/dashboard/billing');
    expect(await screen.findByText('Failed to load billing info')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load transactions')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load payment methods')).toBeInTheDocument();
  });

  test('usage: spending data', async () => {
    server.use(...usageHandlers.broken);
    renderDashboard('/dashboard/usage');
    expect((await screen.findAllByText('Failed to load spending data')).length).toBeGreaterThan(0);
  });

  test("the server's message wins over the fallback, and Retry reloads the block", async () => {
    server.use(...usageHandlers.overviewError);
    renderDashboard('/dashboard/overview');
    expect(
      await screen.findByText('Usage statistics are temporarily unavailable.'),
    ).toBeInTheDocument();
    server.resetHandlers();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { billingHandlers, usageHandlers } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderDashboard } from '../../../test/renderDashboard';

describe('Refresh all with several failures', () => {
  test('shows one toast naming every block that failed', async () => {
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
    server.use(...usageHandlers.error, ...billingHandlers.error);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(
      'Failed to refresh stats, billing, transactions, spending and payment methods',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  test('names only the blocks that failed', async () => {
    renderDashboard('/dashboard/overview');
    expect(await screen.findByText('342.5 min')).toBeInTheDocument();
    server.use(...usageHandlers.spendingError, ...billingHandlers.infoError);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to refresh billing and spending$/,
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { apiKeyEndpoints } from '@parlance/contract/endpoints';
import { on } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderDashboard } from '../../../test/renderDashboard';

describe('API keys page', () => {
  test('the enable switch flips at once and back when the server refuses, with the reason', async () => {
    // The refusal waits until the test has seen the optimistic flip.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      on(apiKeyEndpoints.toggle, async () => {
        await answered;
        return HttpResponse.json(
          { message: 'Could not update the key. Try again.', code: 'internal_error' },
          { status: 500 },
        );
      }),
    );
    renderDashboard('/dashboard/api-keys');
    const toggle = await screen.findByRole('switch', { name: 'Production backend enabled' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    answer();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(await screen.findByText('Could not update the key. Try again.')).toBeInTheDocument();
  });

  test('a new key’s secret is shown once, with the warning', async () => {
    renderDashboard('/dashboard/api-keys');
    await screen.findByText('Production backend');
    await userEvent.click(screen.getAllByRole('button', { name: 'Create key' })[0] as HTMLElement);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'CI');
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Create key' }).at(-1) as HTMLElement,
    );
    expect(
      await screen.findByDisplayValue('prl_live_N3wK3y_4f9c2e7a1b8d6053c4e2f1a9b7d3c5e8'),
    ).toBeInTheDocument();
    expect(screen.getByText(/will not be shown again/)).toBeInTheDocument();
  });
});

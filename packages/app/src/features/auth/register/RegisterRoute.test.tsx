import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { authEndpoints } from '@parlance/contract/endpoints';
import { authHandlers, on } from '@parlance/mocks';
import { toast } from '@parlance/ui';
import { server } from '../../../test/server';
import { renderRoute } from '../../../test/render';

async function register(user = userEvent.setup({ delay: null })) {
  await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Work email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'analytical engine');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('/register', () => {
  test('register, then the 6-digit code signs in and opens the dashboard', async () => {
    const welcome = vi.spyOn(toast, 'success');
    const { router } = renderRoute('/register');
    const user = await register();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    // The welcome sends to the balance (the overview shows it), not to "add credit" first.
    expect(welcome).toHaveBeenCalledWith(
      'Your account is ready, and its balance (with any welcome credit) is on the overview: create an API key to start transcribing.',
      { title: 'Welcome to Parlance, Ada Lovelace' },
    );
  });

  test('after the code, goes to the page the visitor was headed for', async () => {
    const { router } = renderRoute(
      `/register?${new URLSearchParams({ next: '/dashboard/billing' })}`,
    );
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ next: '/dashboard/billing' })}`,
    );
    const user = await register();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/billing'));
  });

  test("'Registration failed' when the answer has no message; the server's message otherwise", async () => {
    server.use(...authHandlers.registerBroken);
    renderRoute('/register');
    await register();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
    server.use(...authHandlers.registerWeakPassword);
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too common and easy to guess. Choose a different one.',
    );
  });

  test("'Verification failed' fallback, the server's message, and resending this registration's code", async () => {
    renderRoute('/register');
    const user = await register();
    await screen.findByRole('heading', { name: 'Check your email' });
    server.use(...authHandlers.verifyBroken);
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Verification failed$/);
    server.use(...authHandlers.verifyWrongCode);
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not valid. Check the e-mail or request a new one.',
    );
    const resent: unknown[] = [];
    server.use(
      on(authEndpoints.resendCode, async ({ request }) => {
        resent.push(await request.json());
        return HttpResponse.json({
          message: 'If that account is waiting for verification, we sent it a new code.',
        });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'If that account is waiting for verification, we sent it a new code.',
    );
    // The registration made here is named by the server's cookie, not by the request body.
    expect(resent).toEqual([{ email: 'ada@example.com' }]);
  });
});

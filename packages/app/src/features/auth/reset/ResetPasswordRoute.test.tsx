import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { authEndpoints } from '@parlance/contract/endpoints';
import { on } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderRoute } from '../../../test/render';

/** Records the bodies the page posts to reset-password, answering as the server does. */
function recordResets() {
  const bodies: unknown[] = [];
  server.use(
    on(authEndpoints.resetPassword, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        message: 'Your password has been reset. Sign in with your new password.',
      });
    }),
  );
  return bodies;
}

async function choosePassword(password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('/reset-password', () => {
  test.each([
    ['the mailed link (token in the fragment)', '/reset-password#token=4f9c2d'],
    ['the path form', '/reset-password/4f9c2d'],
  ])(
    'takes the token from %s out of the address and sends it only in the POST body',
    async (_, link) => {
      const bodies = recordResets();
      const { router } = renderRoute(link);
      await screen.findByLabelText('New password');
      await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
      expect(router.state.location.hash).toBe('');
      expect(router.state.historyAction).toBe('REPLACE');

      await choosePassword('a much better passphrase');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(bodies).toEqual([{ token: '4f9c2d', password: 'a much better passphrase' }]);
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Your password has been reset. Sign in with your new password.',
      );
    },
  );

  test('without a token it says the link is incomplete and sends nothing', async () => {
    const bodies = recordResets();
    const { router } = renderRoute('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is incomplete. Open the link from the e-mail again, or request a new one.',
    );
    await choosePassword('a much better passphrase');
    // A request would have switched the button to "Saving…" as the click was handled.
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(bodies).toEqual([]);
  });
});

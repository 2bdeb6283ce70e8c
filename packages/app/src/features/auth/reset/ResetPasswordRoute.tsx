import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../paths';
import { errorMessage } from '../../../store/errors';
import { useResetPasswordMutation } from '../api/authApi';
import type { AuthLocationState } from '../authLocationState';
import { ResetPasswordForm } from './ResetPasswordForm';

const MISSING_TOKEN =
  'This reset link is incomplete. Open the link from the e-mail again, or request a new one.';

/** The mailed link's `#token=…`, else the token of the path form `/reset-password/{token}`. */
const tokenOf = (hash: string, pathToken: string | undefined) =>
  new URLSearchParams(hash.slice(1)).get('token') ?? pathToken ?? '';

/**
 * /reset-password#token=…: the token is read once, then the address bar drops it (a replaced
 * history entry), so it stays out of history, bookmarks and Referer headers and reaches the server
 * only in the POST body. On success, back to sign-in with the server's confirmation.
 */
export function Component() {
  const { token: pathToken } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenOf(hash, pathToken));
  const [resetPassword, { isLoading, error }] = useResetPasswordMutation();

  useEffect(() => {
    if (hash || pathToken) void navigate(paths.resetPassword.getHref(), { replace: true });
  }, [hash, pathToken, navigate]);

  const submit = async (password: string) => {
    if (!token) return;
    const result = await resetPassword({ token, password });
    if (result.data) {
      const state: AuthLocationState = { notice: result.data.message };
      void navigate(paths.login.getHref(), { replace: true, state });
    }
  };

  return (
    <ResetPasswordForm
      onSubmit={submit}
      submitting={isLoading}
      error={token ? error && errorMessage(error, 'Password reset failed') : MISSING_TOKEN}
    />
  );
}

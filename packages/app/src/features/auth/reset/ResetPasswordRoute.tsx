import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../paths';
import { errorMessage } from '../../../store/errors';
import { useResetPasswordMutation } from '../authApi';
import type { AuthLocationState } from '../authLocationState';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /reset-password/:token: on success, back to sign-in with the server's confirmation. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading, error }] = useResetPasswordMutation();

  const submit = async (password: string) => {
    const result = await resetPassword({ token, password });
    if (result.data) {
      const state: AuthLocationState = { notice: result.data.message };
      navigate(paths.login.getHref(), { replace: true, state });
    }
  };

  return (
    <ResetPasswordForm
      onSubmit={submit}
      submitting={isLoading}
      error={error ? errorMessage(error, 'Password reset failed') : undefined}
    />
  );
}

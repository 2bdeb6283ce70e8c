import { errorMessage } from '../../../store/errors';
import { useForgotPasswordMutation } from '../api/authApi';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** /forgot-password: the same confirmation whether or not the address has an account. */
export function Component() {
  const [requestReset, { isLoading, isSuccess, error }] = useForgotPasswordMutation();
  return (
    <ForgotPasswordForm
      onSubmit={(email) => void requestReset({ email })}
      submitting={isLoading}
      sent={isSuccess}
      error={error ? errorMessage(error, 'We could not send the link. Try again.') : undefined}
    />
  );
}

import type { FormEvent } from 'react';
import { Alert, Button, TextField } from '@parlance/ui';
import { paths } from '../../../paths';
import { AuthCard } from '../components/AuthCard';
import { AuthForm } from '../components/AuthCard.styles';
import { formText } from '../../../shared/formText';
import { Link } from '../../../shared/RouterLink';

/** Shown after every accepted request, whether or not the address has an account. */
export const FORGOT_PASSWORD_CONFIRMATION =
  'If an account exists for that email, we sent it a link to reset the password. The link works for one hour.';

export interface ForgotPasswordFormProps {
  onSubmit: (email: string) => void;
  submitting?: boolean;
  sent?: boolean;
  /** Only for refused requests (invalid address, too many attempts). */
  error?: string;
}

export function ForgotPasswordForm({
  onSubmit,
  submitting = false,
  sent = false,
  error,
}: ForgotPasswordFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(formText(new FormData(event.currentTarget), 'email'));
  };
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <span>
          Remembered it? <Link to={paths.login.getHref()}>Back to sign in</Link>
        </span>
      }
    >
      {sent ? (
        <Alert variant="success">{FORGOT_PASSWORD_CONFIRMATION}</Alert>
      ) : (
        <AuthForm onSubmit={submit} aria-label="Reset password" noValidate>
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          {error && <Alert variant="danger">{error}</Alert>}
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {submitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </AuthForm>
      )}
    </AuthCard>
  );
}

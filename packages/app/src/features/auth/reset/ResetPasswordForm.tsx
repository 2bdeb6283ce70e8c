import type { FormEvent } from 'react';
import { Alert, Button, PasswordField } from '@parlance/ui';
import { paths } from '../../../paths';
import { AuthCard } from '../components/AuthCard';
import { AuthForm } from '../components/AuthCard.styles';
import { formText } from '../../../shared/formText';
import { Link } from '../../../shared/RouterLink';

export interface ResetPasswordFormProps {
  onSubmit: (password: string) => void;
  submitting?: boolean;
  /** The server's message (e.g. an expired link), or "Password reset failed". */
  error?: string;
}

export function ResetPasswordForm({ onSubmit, submitting = false, error }: ResetPasswordFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(formText(new FormData(event.currentTarget), 'password'));
  };
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Setting a new password signs you out on every device."
      footer={
        <span>
          Link expired? <Link to={paths.forgotPassword.getHref()}>Request a new one</Link>
        </span>
      }
    >
      <AuthForm onSubmit={submit} aria-label="Choose a new password" noValidate>
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
        />
        {error && <Alert variant="danger">{error}</Alert>}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Saving…' : 'Set new password'}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

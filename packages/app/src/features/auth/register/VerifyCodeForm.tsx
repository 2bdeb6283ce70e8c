import type { FormEvent } from 'react';
import { Alert, Button, TextField } from '@parlance/ui';
import { AuthCard } from '../components/AuthCard';
import { AuthForm } from '../components/AuthCard.styles';
import { formText } from '../../../shared/formText';

export interface VerifyCodeFormProps {
  email: string;
  onSubmit: (code: string) => void;
  onResend: () => void;
  submitting?: boolean;
  resending?: boolean;
  /** The server's message, or "Verification failed". */
  error?: string;
  /** The server's answer to the last resend. */
  notice?: string;
}

/** The second step of sign-up: the 6-digit code e-mailed to `email`. */
export function VerifyCodeForm({
  email,
  onSubmit,
  onResend,
  submitting = false,
  resending = false,
  error,
  notice,
}: VerifyCodeFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(formText(new FormData(event.currentTarget), 'code').trim());
  };
  return (
    <AuthCard
      title="Check your email"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{email}</strong>. It expires in 15 minutes.
        </>
      }
      footer={
        <>
          <span>Didn&rsquo;t get it? Check your spam folder, or</span>
          <Button variant="ghost" size="sm" onClick={onResend} loading={resending}>
            Send a new code
          </Button>
        </>
      }
    >
      {notice && <Alert variant="success">{notice}</Alert>}
      <AuthForm onSubmit={submit} aria-label="Verify email" noValidate>
        <TextField
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          placeholder="123456"
          required
        />
        {error && <Alert variant="danger">{error}</Alert>}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Verifying…' : 'Verify and continue'}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

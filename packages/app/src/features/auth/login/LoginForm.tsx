import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, PasswordField, TextField } from '@parlance/ui';
import { useLocation } from 'react-router-dom';
import { paths } from '../../../paths';
import { withReturnPath } from '../../../session/signInReturn';
import { AuthCard } from '../components/AuthCard';
import { AuthForm, Divider, InlineActions } from '../components/AuthCard.styles';
import { GoogleButton } from '../components/GoogleButton';
import { formText } from '../../../shared/formText';
import { Link } from '../../../shared/RouterLink';

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginFormProps {
  onSubmit: (credentials: Credentials) => void;
  submitting?: boolean;
  /** The server's message, or "Login failed". */
  error?: string;
  /** Information carried from another screen (password reset done, Google sign-in failed). */
  notice?: string;
  googleEnabled?: boolean;
  /** The bot-check widget, when the server asks for one. */
  botCheck?: ReactNode;
  /** True while the bot check has no token yet: submitting waits for it. */
  awaitingBotCheck?: boolean;
}

export function LoginForm({
  onSubmit,
  submitting = false,
  error,
  notice,
  googleEnabled = false,
  botCheck,
  awaitingBotCheck = false,
}: LoginFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({ email: formText(form, 'email'), password: formText(form, 'password') });
  };
  const { search } = useLocation();
  return (
    <AuthCard
      title="Sign in to Parlance"
      subtitle="Welcome back. Your transcripts and API keys are waiting."
      footer={
        <span>
          New to Parlance?{' '}
          <Link to={withReturnPath(paths.register.getHref(), search)}>Create a free account</Link>
        </span>
      }
    >
      {notice && <Alert variant="info">{notice}</Alert>}
      {googleEnabled && (
        <>
          <GoogleButton />
          <Divider>or with your email</Divider>
        </>
      )}
      <AuthForm onSubmit={submit} aria-label="Sign in" noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <PasswordField label="Password" name="password" autoComplete="current-password" required />
        <InlineActions>
          <span />
          <Link to={paths.forgotPassword.getHref()}>Forgot your password?</Link>
        </InlineActions>
        {botCheck}
        {error && <Alert variant="danger">{error}</Alert>}
        <Button type="submit" size="lg" fullWidth loading={submitting} disabled={awaitingBotCheck}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

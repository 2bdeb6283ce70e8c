import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, PasswordField, TextField } from '@parlance/ui';
import { useLocation } from 'react-router-dom';
import { paths } from '../../../paths';
import { withReturnPath } from '../../../session/signInReturn';
import { AuthCard } from '../components/AuthCard';
import { AuthForm, Divider } from '../components/AuthCard.styles';
import { GoogleButton } from '../components/GoogleButton';
import { formText } from '../../../shared/formText';
import { Link } from '../../../shared/RouterLink';

export interface Registration {
  name: string;
  email: string;
  password: string;
}

export interface RegisterFormProps {
  onSubmit: (registration: Registration) => void;
  submitting?: boolean;
  /** The server's message, or "Registration failed". */
  error?: string;
  googleEnabled?: boolean;
  botCheck?: ReactNode;
  awaitingBotCheck?: boolean;
}

export function RegisterForm({
  onSubmit,
  submitting = false,
  error,
  googleEnabled = false,
  botCheck,
  awaitingBotCheck = false,
}: RegisterFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({
      name: formText(form, 'name'),
      email: formText(form, 'email'),
      password: formText(form, 'password'),
    });
  };
  const { search } = useLocation();
  return (
    <AuthCard
      title="Create your Parlance account"
      subtitle="Get an API key in a minute. You pay only for the audio you transcribe."
      footer={
        <span>
          Already have an account?{' '}
          <Link to={withReturnPath(paths.login.getHref(), search)}>Sign in</Link>
        </span>
      }
    >
      {googleEnabled && (
        <>
          <GoogleButton label="Sign up with Google" />
          <Divider>or with your email</Divider>
        </>
      )}
      <AuthForm onSubmit={submit} aria-label="Create account" noValidate>
        <TextField label="Name" name="name" autoComplete="name" required />
        <TextField label="Work email" name="email" type="email" autoComplete="email" required />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters. Avoid passwords you use elsewhere."
          required
        />
        {botCheck}
        {error && <Alert variant="danger">{error}</Alert>}
        <Button type="submit" size="lg" fullWidth loading={submitting} disabled={awaitingBotCheck}>
          {submitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RegisterResponse } from '@parlance/contract';
import { toast } from '@parlance/ui';
import { afterSignIn } from '../../../session/signInReturn';
import { errorMessage } from '../../../store/errors';
import { useConfigQuery } from '../../../shared/configApi';
import { useRegisterMutation, useResendCodeMutation, useVerifyCodeMutation } from '../api/authApi';
import { useBotCheck } from '../turnstile/useBotCheck';
import { RegisterForm, type Registration } from './RegisterForm';
import { VerifyCodeForm } from './VerifyCodeForm';

/** /register: create the account, then verify the e-mailed code, which signs the user in. */
export function Component() {
  const [registration, setRegistration] = useState<RegisterResponse | null>(null);
  return registration === null ? (
    <RegisterStep onRegistered={setRegistration} />
  ) : (
    <VerifyStep registration={registration} />
  );
}

function RegisterStep({ onRegistered }: { onRegistered: (answer: RegisterResponse) => void }) {
  const { data: config } = useConfigQuery();
  const [register, { isLoading, error }] = useRegisterMutation();
  const botCheck = useBotCheck(config?.turnstileSiteKey ?? null);

  const submit = async (registration: Registration) => {
    const result = await register({ ...registration, 'cf-turnstile-response': botCheck.token });
    if (result.error) botCheck.reset();
    else onRegistered(result.data);
  };

  return (
    <RegisterForm
      onSubmit={submit}
      submitting={isLoading}
      error={error ? errorMessage(error, 'Registration failed') : undefined}
      googleEnabled={config?.googleEnabled ?? false}
      botCheck={botCheck.widget}
      awaitingBotCheck={botCheck.awaiting}
    />
  );
}

/**
 * The code verifies, and a new code is sent for, the registration made in this browser (the server
 * names it in an http-only cookie): only the password typed here can be switched on.
 */
function VerifyStep({ registration }: { registration: RegisterResponse }) {
  const { email } = registration;
  const navigate = useNavigate();
  const { search } = useLocation();
  const [verify, verification] = useVerifyCodeMutation();
  const [resend, resent] = useResendCodeMutation();

  const submit = async (code: string) => {
    const result = await verify({ email, code });
    if (result.data) {
      toast.success(
        'Your account is ready, and its balance (with any welcome credit) is on the overview: create an API key to start transcribing.',
        {
          title: `Welcome to Parlance, ${result.data.user.name}`,
        },
      );
      navigate(afterSignIn(search), { replace: true });
    }
  };

  return (
    <VerifyCodeForm
      email={email}
      onSubmit={submit}
      onResend={() => void resend({ email })}
      submitting={verification.isLoading}
      resending={resent.isLoading}
      error={
        verification.error
          ? errorMessage(verification.error, 'Verification failed')
          : resent.error && errorMessage(resent.error, 'We could not send a new code. Try again.')
      }
      notice={resent.data?.message}
    />
  );
}

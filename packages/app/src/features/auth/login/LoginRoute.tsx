import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@parlance/ui';
import { errorMessage } from '../../../store/errors';
import { useConfigQuery } from '../../../shared/configApi';
import { useLoginMutation } from '../api/authApi';
import { useBotCheck } from '../turnstile/useBotCheck';
import { afterSignIn } from '../../../session/signInReturn';
import type { AuthLocationState } from '../authLocationState';
import { LoginForm, type Credentials } from './LoginForm';

/** /login: signs in, then goes where the visitor was headed (default: the dashboard overview). */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as AuthLocationState | null;
  const { data: config } = useConfigQuery();
  const [login, { isLoading, error }] = useLoginMutation();
  const botCheck = useBotCheck(config?.turnstileSiteKey ?? null);

  const submit = async (credentials: Credentials) => {
    const result = await login({ ...credentials, 'cf-turnstile-response': botCheck.token });
    if (result.error) {
      botCheck.reset();
      return;
    }
    toast.success(`Welcome back, ${result.data.user.name}.`);
    navigate(afterSignIn(location.search), { replace: true });
  };

  return (
    <LoginForm
      onSubmit={submit}
      submitting={isLoading}
      error={error ? errorMessage(error, 'Login failed') : undefined}
      notice={state?.notice}
      googleEnabled={config?.googleEnabled ?? false}
      botCheck={botCheck.widget}
      awaitingBotCheck={botCheck.awaiting}
    />
  );
}

import { useState } from 'react';
import { useAuth } from '../../../session/useAuth';
import { useSendContactMessageMutation } from '../api/contactApi';
import { toOutcome, type Outcome } from '../../../shared/outcome';
import { SupportScreen, type ContactValues } from './SupportScreen';

export function SupportRoute() {
  const { user } = useAuth();
  const [send, state] = useSendContactMessageMutation();
  const [outcome, setOutcome] = useState<Outcome<string> | null>(null);

  const onSend = async (values: ContactValues) => {
    const result = await send(values);
    setOutcome(toOutcome(result, 'Could not send your message', (data) => data.message));
    return !result.error;
  };

  return (
    <SupportScreen
      name={user?.name ?? ''}
      email={user?.email ?? ''}
      sending={state.isLoading}
      outcome={outcome}
      onSend={onSend}
    />
  );
}

export { SupportRoute as Component };

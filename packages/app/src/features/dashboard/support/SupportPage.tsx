import { useState } from 'react';
import { errorMessage } from '../../../store/errors';
import { useAuth } from '../../auth/useAuth';
import { useSendContactMessageMutation } from '../../public/contact/contactApi';
import type { FormOutcome } from '../shared/formOutcome';
import { SupportScreen, type ContactValues } from './SupportScreen';

export function SupportPage() {
  const { user } = useAuth();
  const [send, state] = useSendContactMessageMutation();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const onSend = async (values: ContactValues) => {
    const result = await send(values);
    setOutcome(
      result.error
        ? { tone: 'danger', message: errorMessage(result.error, 'Could not send your message') }
        : { tone: 'success', message: result.data.message },
    );
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

export { SupportPage as Component };

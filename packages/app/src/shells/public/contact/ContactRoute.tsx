import { errorMessage } from '../../../store/errors';
import { useSendContactMessageMutation } from '../../../features/support/api/contactApi';
import { ContactForm } from './ContactForm';

/** /contact: POST /api/contact, then the server's confirmation. */
export function Component() {
  const [send, { isLoading, data, error }] = useSendContactMessageMutation();
  return (
    <ContactForm
      onSubmit={(message) => void send(message)}
      submitting={isLoading}
      sent={data?.message}
      error={
        error ? errorMessage(error, 'Your message could not be sent. Please try again.') : undefined
      }
    />
  );
}

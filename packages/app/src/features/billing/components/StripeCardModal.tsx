import { useEffect, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { Alert, Modal } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { STRIPE_UNAVAILABLE } from '../stripe/loadStripeJs';
import { Body } from '../../../shared/ModalForm.styles';
import { ModalFormEnd } from '../../../shared/ModalFormEnd';
import { CardField, CardLabel } from './StripeCardModal.styles';

export interface StripeCardModalProps {
  open: boolean;
  /** Stripe.js, loading; it resolves null when it could not be loaded. */
  stripe: Promise<Stripe | null>;
  /** Stripe in test mode: say which test cards work. */
  testMode: boolean;
  /** Starts a card setup on the server; answers its SetupIntent's client secret. */
  /** Starts the setup: the SetupIntent's secret, and the server's time as it began. */
  onStartSetup: () => Promise<Outcome<{ clientSecret: string; startedAt: string }>>;
  /** After Stripe confirmed the card: waits for the server to have saved it (Stripe's webhook). */
  /** The card was confirmed with Stripe: waits for the server to hear of it since `startedAt`. */
  onConfirmed: (startedAt: string) => Promise<Outcome>;
  onClose: () => void;
}

/**
 * Adds a card with Stripe.js: the card's details go from Stripe's field to Stripe, never to this
 * server. The server starts a SetupIntent, Stripe.js confirms it (with 3-D Secure when the bank
 * asks), and Stripe tells the server, which saves the card.
 */
export function StripeCardModal({ open, stripe, ...props }: StripeCardModalProps) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => current && setUnavailable(loaded === null));
    return () => {
      current = false;
    };
  }, [stripe]);
  return (
    <Modal open={open} onClose={props.onClose} title="Add a card">
      {unavailable ? (
        <Alert variant="danger">{STRIPE_UNAVAILABLE}</Alert>
      ) : (
        <Elements stripe={stripe}>
          <StripeCardForm {...props} />
        </Elements>
      )}
    </Modal>
  );
}

function StripeCardForm({
  testMode,
  onStartSetup,
  onConfirmed,
  onClose,
}: Omit<StripeCardModalProps, 'open' | 'stripe'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const setup = await onStartSetup();
      if (!setup.ok) return setError(setup.message);
      const confirmed = await stripe.confirmCardSetup(setup.value.clientSecret, {
        payment_method: { card },
      });
      if (confirmed.error) return setError(stripeMessage(confirmed.error));
      const saved = await onConfirmed(setup.value.startedAt);
      if (saved.ok) onClose();
      else setError(saved.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Body onSubmit={submit} aria-label="Add a card">
      {testMode && (
        <Alert variant="info" title="Stripe test mode">
          Use 4242 4242 4242 4242 for a card that works, 4000 0027 6000 3184 for one that asks for
          3-D Secure, or 4000 0000 0000 0002 for one that is declined. Any future expiry and any
          CVC.
        </Alert>
      )}
      <CardLabel>
        Card
        <CardField>
          <CardElement options={{ hidePostalCode: true }} />
        </CardField>
      </CardLabel>
      <ModalFormEnd
        error={error}
        onCancel={onClose}
        busy={busy || !stripe}
        submitLabel="Save card"
      />
    </Body>
  );
}

/** Stripe's message for a card error is written for the cardholder; others get ours. */
export function stripeMessage(error: { type: string; message?: string | undefined }): string {
  if (error.type === 'api_connection_error')
    return 'Could not reach Stripe. Check your connection and try again.';
  return error.message ?? 'Stripe could not complete this. Try again.';
}

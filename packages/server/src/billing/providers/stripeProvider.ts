import Stripe from 'stripe';
import type { ChargeOutcome, PaymentProvider, ProviderCard } from './types.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only to point the SDK at a local fake in tests; defaults to api.stripe.com over HTTPS. */
  apiBase?: URL;
}

export interface StripeProvider extends PaymentProvider {
  readonly kind: 'stripe';
  /** Verifies the Stripe-Signature header over the raw body; throws on a bad signature. */
  webhookEvent(rawBody: Buffer, signature: string): Stripe.Event;
  /** Display data of a Stripe PaymentMethod. */
  card(paymentMethodId: string): Promise<ProviderCard>;
  /** Deletes the customer and the cards it holds (account deletion); done if already gone. */
  deleteCustomer(customerRef: string): Promise<void>;
}

function apiOptions(apiBase: URL | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const protocol = apiBase.protocol === 'http:' ? 'http' : 'https';
  return {
    host: apiBase.hostname,
    port: apiBase.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * A PaymentIntent as the purchase sees it: paid; waiting for the cardholder (a 3-D Secure
 * challenge, or a checkout not yet confirmed); being processed; or not paid.
 */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded') return { status: 'succeeded', providerRef: intent.id };
  if (intent.status === 'processing') return { status: 'processing', providerRef: intent.id };
  const waiting =
    intent.status === 'requires_action' ||
    intent.status === 'requires_confirmation' ||
    (intent.status === 'requires_payment_method' && !intent.last_payment_error);
  if (waiting && intent.client_secret) {
    return {
      status: 'requires_action',
      providerRef: intent.id,
      clientSecret: intent.client_secret,
    };
  }
  return {
    status: 'failed',
    providerRef: intent.id,
    code: intent.last_payment_error?.code ?? 'payment_failed',
    message: intent.last_payment_error?.message ?? 'The payment could not be completed.',
  };
}

export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiOptions(settings.apiBase),
    maxNetworkRetries: 2,
    telemetry: false,
  });

  const chargeStatus = async (providerRef: string) =>
    outcomeOf(await stripe.paymentIntents.retrieve(providerRef));

  return {
    kind: 'stripe',

    async ensureCustomer(customer) {
      if (customer.customerRef) return customer.customerRef;
      const created = await stripe.customers.create(
        { email: customer.email, metadata: { userId: customer.userId } },
        { idempotencyKey: `customer-${customer.userId}` },
      );
      return created.id;
    },

    async addCard(customer) {
      const intent = await stripe.setupIntents.create({
        customer: customer.customerRef ?? undefined,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { userId: customer.userId },
      });
      if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client secret`);
      return { status: 'requires_action', clientSecret: intent.client_secret };
    },

    async deleteCustomer(customerRef) {
      try {
        await stripe.customers.del(customerRef);
      } catch (err) {
        // Already deleted (here or in the Stripe dashboard): the erasure is done.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
          return;
        throw err;
      }
    },

    async removeCard(providerRef) {
      await stripe.paymentMethods.detach(providerRef);
    },

    async charge(request, card) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customer.customerRef ?? undefined,
            payment_method: card.providerRef,
            // With the buyer on the billing page, the bank may ask for 3-D Secure, which the
            // app's Stripe.js runs (requires_action). Off-session (auto top-up), Stripe refuses
            // such a card with authentication_required instead.
            ...(request.offSession ? { off_session: true } : {}),
            // Cards only: a confirmation that might need a redirect would need a return_url.
            allowed_payment_method_types: ['card'],
            confirm: true,
            metadata: { paymentId: request.paymentId, userId: request.customer.userId },
          },
          { idempotencyKey: `purchase-${request.paymentId}` },
        );
        return outcomeOf(intent);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        return {
          status: 'failed',
          providerRef: error.payment_intent?.id ?? null,
          code: error.decline_code ?? error.code ?? 'card_declined',
          message: error.message,
        };
      }
    },

    chargeStatus,

    async cancelCharge(providerRef) {
      try {
        return outcomeOf(
          await stripe.paymentIntents.cancel(providerRef, { cancellation_reason: 'abandoned' }),
        );
      } catch (err) {
        // Paid (or cancelled) meanwhile: Stripe refuses to cancel it; say where it stands.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'payment_intent_unexpected_state'
        )
          return chargeStatus(providerRef);
        throw err;
      }
    },

    async startCheckout(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          customer: request.customer.customerRef ?? undefined,
          allowed_payment_method_types: ['card'],
          setup_future_usage: 'off_session',
          metadata: { paymentId: request.paymentId, userId: request.customer.userId },
        },
        { idempotencyKey: `purchase-${request.paymentId}` },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return {
        status: 'requires_action',
        providerRef: intent.id,
        clientSecret: intent.client_secret,
      };
    },

    webhookEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },

    async card(paymentMethodId) {
      const method = await stripe.paymentMethods.retrieve(paymentMethodId);
      if (!method.card) throw new Error(`PaymentMethod ${paymentMethodId} is not a card`);
      return {
        providerRef: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },
  };
}

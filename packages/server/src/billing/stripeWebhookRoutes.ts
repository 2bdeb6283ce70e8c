import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingOperations } from '@parlance/contract';
import { HttpError, notFound } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { userOfCustomer } from './accounts.js';
import type { StripeProvider } from './providers/stripeProvider.js';
import type { Billing } from './service.js';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Applies one verified Stripe event. Every branch is idempotent: Stripe delivers at least once. */
async function applyEvent(
  billing: Billing,
  stripe: StripeProvider,
  event: Stripe.Event,
): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const paymentId = intent.metadata['paymentId'];
      if (!paymentId) return; // not one of our purchases
      await billing.purchases.settle(paymentId, intent.id, intent.amount);
      const userId = intent.metadata['userId'];
      const methodId = idOf(intent.payment_method);
      if (intent.setup_future_usage && methodId && userId) {
        await billing.cards.save(userId, await stripe.card(methodId));
      }
      return;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const paymentId = intent.metadata['paymentId'];
      if (!paymentId) return;
      const error = intent.last_payment_error;
      await billing.purchases.fail(
        paymentId,
        error?.decline_code ?? error?.code ?? 'payment_failed',
        error?.message ?? 'The payment could not be completed.',
      );
      return;
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      const methodId = idOf(intent.payment_method);
      const customerId = idOf(intent.customer);
      const userId =
        intent.metadata?.['userId'] ??
        (customerId ? await userOfCustomer(billing.db, customerId) : null);
      if (!methodId || !userId) return;
      await billing.cards.save(userId, await stripe.card(methodId));
      return;
    }
    // Money going back to the cardholder takes its credit back (never below a zero balance:
    // the rest is owed, and the account starts no new jobs until that is settled).
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const intentId = idOf(refund.payment_intent);
      if (!intentId) return;
      if (refund.status === 'failed' || refund.status === 'canceled') {
        await billing.purchases.restore('refund', intentId, refund.id);
      } else {
        await billing.purchases.reverse('refund', intentId, refund.id, refund.amount);
      }
      return;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.funds_withdrawn': {
      const dispute = event.data.object;
      const intentId = idOf(dispute.payment_intent);
      // An inquiry (warning_*) withdraws no money and closes as warning_closed, never won: only
      // a chargeback, or an inquiry that turns into one (funds_withdrawn), takes credit back.
      if (!intentId || dispute.status.startsWith('warning_')) return;
      await billing.purchases.reverse('dispute', intentId, dispute.id, dispute.amount);
      return;
    }
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_reinstated': {
      const dispute = event.data.object;
      const intentId = idOf(dispute.payment_intent);
      if (!intentId) return;
      if (event.type === 'charge.dispute.closed' && dispute.status !== 'won') return;
      await billing.purchases.restore('dispute', intentId, dispute.id);
      return;
    }
    default:
      return;
  }
}

/** POST /api/billing/webhook/stripe: verified against STRIPE_WEBHOOK_SECRET over the raw body. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (
  app,
  { billing },
) => {
  // The signature covers the exact bytes Stripe sent, so this route keeps the body unparsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  serve(app, billingOperations.stripeWebhook, async (request) => {
    const { stripe } = billing;
    if (!stripe) throw notFound('Stripe is not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new HttpError('invalid_signature', 'Missing Stripe-Signature header or body');
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhookEvent(request.body, signature);
    } catch {
      throw new HttpError('invalid_signature', 'Webhook signature verification failed');
    }
    await applyEvent(billing, stripe, event);
    return { received: true as const };
  });
};

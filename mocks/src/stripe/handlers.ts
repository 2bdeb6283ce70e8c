/**
 * The billing page with payments through Stripe, for stories: this server's answers (a Stripe
 * publishable key, SetupIntent and PaymentIntent secrets) and the answers of Stripe's API to the
 * Stripe.js stand-in (standIn.ts), installed at STRIPE_STAND_IN_API. Each scenario fixes what
 * Stripe decides: the card is accepted, declined, or its 3-D Secure challenge is failed.
 */
import { http, HttpResponse } from 'msw';
import type { AddPaymentMethodResponse, BillingInfo, PurchaseResponse } from '@parlance/contract';
import { billingEndpoints } from '@parlance/contract/endpoints';
import { billingInfoFixture, paymentMethodsFixture } from '../fixtures/billing';
import { billingHandlers } from '../billing';
import { NOW, on } from '../support';

export const STRIPE_STAND_IN_API = 'https://stripe-stand-in.test';

const SETUP = 'seti_story';
const PAYMENT = 'pi_story';
const secret = (id: string) => `${id}_secret_story`;

const stripeInfo: BillingInfo = {
  ...billingInfoFixture,
  paymentProvider: 'stripe',
  stripePublishableKey: 'pk_test_story',
  stripeJsUrl: null,
};

const declined = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

const authenticationFailed = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

type Outcome = 'accepted' | 'declined' | 'challengeFailed';

function handlersFor(outcome: Outcome) {
  const card = paymentMethodsFixture[0];
  const intent = (id: string, status: string, extra: object = {}) => ({
    id,
    object: id === SETUP ? 'setup_intent' : 'payment_intent',
    client_secret: secret(id),
    status,
    ...extra,
  });
  return [
    on(billingEndpoints.info, () => HttpResponse.json(stripeInfo)),
    on(billingEndpoints.addPaymentMethod, () =>
      HttpResponse.json<AddPaymentMethodResponse>({
        status: 'requires_action',
        clientSecret: secret(SETUP),
        startedAt: NOW.toISOString(),
      }),
    ),
    on(billingEndpoints.checkRecentPaymentMethod, () =>
      HttpResponse.json({ hasRecent: true, paymentMethod: card }),
    ),
    on(billingEndpoints.purchaseCredits, () =>
      HttpResponse.json<PurchaseResponse>({
        status: 'requires_action',
        paymentId: 'pay_story',
        clientSecret: secret(PAYMENT),
      }),
    ),
    http.post(`${STRIPE_STAND_IN_API}/v1/setup_intents/${SETUP}/confirm`, () =>
      outcome === 'declined'
        ? HttpResponse.json({ error: declined }, { status: 402 })
        : HttpResponse.json(intent(SETUP, 'succeeded')),
    ),
    http.get(`${STRIPE_STAND_IN_API}/v1/payment_intents/${PAYMENT}`, () =>
      HttpResponse.json(intent(PAYMENT, 'requires_action')),
    ),
    http.post(`${STRIPE_STAND_IN_API}/v1/payment_intents/${PAYMENT}/authenticate`, () =>
      HttpResponse.json(
        outcome === 'challengeFailed'
          ? intent(PAYMENT, 'requires_payment_method', { last_payment_error: authenticationFailed })
          : intent(PAYMENT, 'succeeded'),
      ),
    ),
    ...billingHandlers.default,
  ];
}

export const stripeHandlers = {
  accepted: handlersFor('accepted'),
  declined: handlersFor('declined'),
  challengeFailed: handlersFor('challengeFailed'),
};

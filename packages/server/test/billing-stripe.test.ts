import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, payments } from '../src/db/schema/billing.js';
import { backends, signUp, startServer, type ApiClient, type TestServer } from './helpers.js';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startStripeFake,
  type StripeFake,
} from './billing-stripe-fake.js';

describe.each(backends)('billing with Stripe (fake Stripe API on loopback, %s)', (backend) => {
  let stripe: StripeFake;
  let server: TestServer;

  beforeAll(async () => {
    stripe = await startStripeFake();
    // Billing reads its settings from the environment when the app starts.
    vi.stubEnv('STRIPE_SECRET_KEY', FAKE_SECRET_KEY);
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', FAKE_WEBHOOK_SECRET);
    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', 'pk_test_fake');
    vi.stubEnv('STRIPE_API_BASE', stripe.url);
    server = await startServer({ backend });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
    await stripe.close();
  });

  const deliver = (payload: string, signature?: string) =>
    fetch(`${server.url}/api/billing/webhook/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body: payload,
    });

  const purchaseEntries = async (userId: string) =>
    server.storage.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'purchase')));

  const balanceOf = async (api: ApiClient): Promise<number> =>
    (await api.get('/api/billing/info')).body.balanceMicros;

  /** Card setup as the browser does it: SetupIntent secret, Stripe.js confirms, Stripe sends the webhook. */
  async function saveCard(
    api: ApiClient,
    card: 'pm_card_visa' | 'pm_card_chargeDeclined',
  ): Promise<string> {
    const paymentMethod = `${card}_${randomBytes(4).toString('hex')}`;
    const since = new Date(Date.now() - 1000).toISOString();
    const setup = await api.post('/api/billing/payment-methods', {});
    expect(setup.status).toBe(200);
    expect(setup.body.status).toBe('requires_action');
    const intentId = String(setup.body.clientSecret).split('_secret_')[0] ?? '';
    const intent = stripe.setupIntents.get(intentId);
    expect(intent).toBeDefined();
    const { payload, signature } = stripe.signedEvent('setup_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      payment_method: paymentMethod,
    });
    expect((await deliver(payload, signature)).status).toBe(200);
    const recent = await api.get(
      `/api/billing/payment-methods/check-recent?since=${encodeURIComponent(since)}`,
    );
    expect(recent.body.hasRecent).toBe(true);
    return recent.body.paymentMethod.id;
  }

  it('tells the web app to use Stripe.js and never accepts raw card numbers', async () => {
    const { api } = await signUp(server);
    const info = await api.get('/api/billing/info');
    expect(info.body).toMatchObject({
      paymentProvider: 'stripe',
      stripePublishableKey: 'pk_test_fake',
    });
    const raw = await api.post('/api/billing/payment-methods', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe('card_fields_refused');
  });

  it('saves a card through a SetupIntent and its webhook', async () => {
    const { api, email } = await signUp(server);
    const id = await saveCard(api, 'pm_card_visa');
    const list = (await api.get('/api/billing/payment-methods/list')).body.paymentMethods;
    expect(list).toEqual([
      expect.objectContaining({ id, brand: 'visa', last4: '4242', isDefault: true }),
    ]);
    const customer = stripe.requests.find(
      (r) => r.path === '/v1/customers' && r.params.get('email') === email,
    );
    expect(customer).toBeDefined();
  });

  it('charges a saved card with an idempotency key and credits it once, webhook or not', async () => {
    const { api, user } = await signUp(server);
    await saveCard(api, 'pm_card_visa');
    const before = await balanceOf(api);
    const bought = await api.post('/api/billing/credits/purchase', { amount: 25, currency: 'USD' });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ status: 'succeeded', amountMicros: 25_000_000 });
    const call = stripe.requests.findLast((r) => r.path === '/v1/payment_intents');
    expect(call?.idempotencyKey).toBe(`purchase-${bought.body.paymentId}`);
    expect(call?.params.get('amount')).toBe('2500'); // Stripe charges cents
    expect(call?.params.get('off_session')).toBe('true');

    const intent = [...stripe.paymentIntents.values()].at(-1);
    expect(intent).toMatchObject({
      status: 'succeeded',
      metadata: { paymentId: bought.body.paymentId },
    });
    const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', { ...intent });
    expect((await deliver(payload, signature)).status).toBe(200);
    expect(await balanceOf(api)).toBe(before + 25_000_000);
    expect(await purchaseEntries(user.id)).toHaveLength(1);
  });

  it('answers 402 with the decline reason and books nothing when Stripe declines', async () => {
    const { api, user } = await signUp(server);
    await saveCard(api, 'pm_card_chargeDeclined');
    const before = await balanceOf(api);
    const refused = await api.post('/api/billing/credits/purchase', {
      amount: 20,
      currency: 'USD',
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ code: 'generic_decline', message: 'Your card was declined.' });
    expect(await balanceOf(api)).toBe(before);
    expect(await purchaseEntries(user.id)).toEqual([]);
  });

  it('starts a checkout without a card and credits it exactly once however often the webhook arrives', async () => {
    const { api, user } = await signUp(server);
    const before = await balanceOf(api);
    const started = await api.post('/api/billing/credits/purchase', {
      amount: 40,
      currency: 'USD',
    });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('requires_action');
    const intentId = String(started.body.clientSecret).split('_secret_')[0] ?? '';
    const intent = stripe.paymentIntents.get(intentId);
    expect(intent).toMatchObject({
      amount: 4000,
      currency: 'usd',
      setup_future_usage: 'off_session',
    });
    expect(await balanceOf(api)).toBe(before);

    const event = stripe.signedEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      payment_method: `pm_card_visa_${randomBytes(4).toString('hex')}`,
    });
    const deliveries = await Promise.all([
      deliver(event.payload, event.signature),
      deliver(event.payload, event.signature),
    ]);
    expect(deliveries.map((res) => res.status)).toEqual([200, 200]);
    expect((await deliver(event.payload, event.signature)).status).toBe(200);

    expect(await balanceOf(api)).toBe(before + 40_000_000);
    expect(await purchaseEntries(user.id)).toHaveLength(1);
    const [payment] = await server.storage.db
      .select()
      .from(payments)
      .where(eq(payments.id, started.body.paymentId));
    expect(payment).toMatchObject({ status: 'succeeded', providerRef: intentId });
    // The card used at checkout was kept for next time.
    const cards = (await api.get('/api/billing/payment-methods/list')).body.paymentMethods;
    expect(cards).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
  });

  it('refuses webhooks with a bad or missing signature and credits nothing', async () => {
    const { api, user } = await signUp(server);
    const started = await api.post('/api/billing/credits/purchase', {
      amount: 10,
      currency: 'USD',
    });
    const intent = stripe.paymentIntents.get(
      String(started.body.clientSecret).split('_secret_')[0] ?? '',
    );
    const forged = stripe.signedEvent(
      'payment_intent.succeeded',
      { ...intent, status: 'succeeded' },
      'whsec_wrong',
    );
    const bad = await deliver(forged.payload, forged.signature);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'invalid_signature',
      message: 'Webhook signature verification failed',
    });
    const genuine = stripe.signedEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
    });
    const tampered = genuine.payload.replace('"amount":1000', '"amount":100000');
    expect((await deliver(tampered, genuine.signature)).status).toBe(400);
    expect((await deliver(genuine.payload)).status).toBe(400);
    expect(await purchaseEntries(user.id)).toEqual([]);
  });

  it('acknowledges signed events for payments that are not ours without booking anything', async () => {
    const foreign = stripe.signedEvent('payment_intent.succeeded', {
      id: 'pi_foreign',
      object: 'payment_intent',
      amount: 500,
      currency: 'usd',
      status: 'succeeded',
      metadata: { paymentId: 'pay_from_another_system' },
    });
    const res = await deliver(foreign.payload, foreign.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const unknownType = stripe.signedEvent('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(unknownType.payload, unknownType.signature)).status).toBe(200);
  });
});

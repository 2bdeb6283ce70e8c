import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { billingAccounts, ledgerEntries, payments } from '../src/db/schema/billing.js';
import { pendingErasures } from '../src/db/schema/support.js';
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
    server = await startServer({
      backend,
      env: {
        STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  afterAll(async () => {
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
    card: 'pm_card_visa' | 'pm_card_chargeDeclined' | 'pm_card_authenticationRequired',
  ): Promise<string> {
    const paymentMethod = `${card}_${randomBytes(4).toString('hex')}`;
    const requested = Date.now();
    const setup = await api.post('/api/billing/payment-methods', {});
    expect(setup.status).toBe(200);
    expect(setup.body.status).toBe('requires_action');
    // The server's clock as the setup began, a few seconds early: what the page asks with.
    const since: string = setup.body.startedAt;
    expect(requested - Date.parse(since)).toBeGreaterThanOrEqual(4_000);
    expect(requested - Date.parse(since)).toBeLessThan(10_000);
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

  it('with a test-mode key, tells the web app it is in test mode (its banner shows)', async () => {
    expect((await server.client().get('/api/config')).body.testPayments).toBe(true);
  });

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
    expect(call?.params.get('off_session')).toBeNull(); // the buyer is there to answer 3-D Secure

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

  it('hands a payment the bank wants to confirm (3-D Secure) to the page, and credits it only once confirmed', async () => {
    const { api, user } = await signUp(server);
    await saveCard(api, 'pm_card_authenticationRequired');
    const before = await balanceOf(api);
    const bought = await api.post('/api/billing/credits/purchase', { amount: 20, currency: 'USD' });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ status: 'requires_action', paymentId: expect.any(String) });
    const intentId = String(bought.body.clientSecret).split('_secret_')[0] ?? '';
    expect(stripe.paymentIntents.get(intentId)).toMatchObject({ status: 'requires_action' });
    expect(await balanceOf(api)).toBe(before);
    expect(await purchaseEntries(user.id)).toHaveLength(0);

    const intent = { ...stripe.paymentIntents.get(intentId), status: 'succeeded' };
    const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', intent);
    expect((await deliver(payload, signature)).status).toBe(200);
    expect(await balanceOf(api)).toBe(before + 20_000_000);
  });

  it("replays a purchase awaiting 3-D Secure from its first PaymentIntent, after Stripe's idempotency has lapsed", async () => {
    const { api } = await signUp(server);
    await saveCard(api, 'pm_card_authenticationRequired');
    const headers = { 'idempotency-key': `late-${randomBytes(4).toString('hex')}` };
    const body = { amount: 20, currency: 'USD' };
    const first = await api.post('/api/billing/credits/purchase', body, { headers });
    expect(first.body.status).toBe('requires_action');
    // Stripe keeps idempotency keys 24 hours: a day later the same key would create a second intent.
    stripe.forgetIdempotency();
    const creates = () =>
      stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
    const before = creates();
    const again = await api.post('/api/billing/credits/purchase', body, { headers });
    expect(again.body).toEqual(first.body);
    expect(creates()).toBe(before);

    // A checkout (no saved card) the page has not confirmed yet: replayed as it was, not failed.
    const { api: newcomer } = await signUp(server);
    const checkoutKey = { 'idempotency-key': `checkout-${randomBytes(4).toString('hex')}` };
    const checkout = await newcomer.post('/api/billing/credits/purchase', body, {
      headers: checkoutKey,
    });
    expect(checkout.body.status).toBe('requires_action');
    stripe.forgetIdempotency();
    const replayed = await newcomer.post('/api/billing/credits/purchase', body, {
      headers: checkoutKey,
    });
    expect([replayed.status, replayed.body]).toEqual([200, checkout.body]);
  });

  it('cancels a purchase left waiting for 3-D Secure over an hour; one paid meanwhile is booked', async () => {
    const { api, user } = await signUp(server);
    await saveCard(api, 'pm_card_authenticationRequired');
    const before = await balanceOf(api);
    const buy = async () => {
      const bought = await api.post('/api/billing/credits/purchase', {
        amount: 20,
        currency: 'USD',
      });
      expect(bought.body.status).toBe('requires_action');
      return {
        paymentId: bought.body.paymentId as string,
        intentId: String(bought.body.clientSecret).split('_secret_')[0] ?? '',
      };
    };
    const abandoned = await buy();
    const paidLate = await buy();
    const recent = await buy();
    // A purchase whose PaymentIntent Stripe no longer knows (another Stripe account), oldest of
    // all: the sweep goes on past it.
    const [unknown] = await server.storage.db
      .select()
      .from(payments)
      .where(eq(payments.id, recent.paymentId));
    await server.storage.db.insert(payments).values({
      ...unknown!,
      id: `pay_unknown_${randomBytes(4).toString('hex')}`,
      providerRef: 'pi_unknown',
      idempotencyKey: null,
      updatedAt: new Date(Date.now() - 3 * 3600_000),
    });
    // The bank confirmed one at the last minute, its webhook not yet arrived.
    const late = stripe.paymentIntents.get(paidLate.intentId);
    if (late) late['status'] = 'succeeded';
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    for (const { paymentId } of [abandoned, paidLate]) {
      await server.storage.db
        .update(payments)
        .set({ updatedAt: hourAgo })
        .where(eq(payments.id, paymentId));
    }
    const swept = await server.app.services.billing.purchases.abandonStale();
    expect(swept.unanswered.map(({ paymentId }) => paymentId)).toEqual([
      expect.stringMatching(/^pay_unknown_/),
    ]);

    expect(stripe.paymentIntents.get(abandoned.intentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    const receipt = async (id: string) =>
      (await api.get(`/api/billing/receipts/${id}`)).body.receipt.status;
    expect([
      await receipt(abandoned.paymentId),
      await receipt(paidLate.paymentId),
      await receipt(recent.paymentId),
    ]).toEqual(['failed', 'succeeded', 'requires_action']);
    expect(stripe.paymentIntents.get(recent.intentId)).toMatchObject({ status: 'requires_action' });
    expect(await balanceOf(api)).toBe(before + 20_000_000);
    expect(await purchaseEntries(user.id)).toHaveLength(1);
    // Retried with its key, the abandoned purchase says how it ended.
    const [row] = await server.storage.db
      .select()
      .from(payments)
      .where(eq(payments.id, abandoned.paymentId));
    expect(row).toMatchObject({
      failureCode: 'purchase_abandoned',
      failureMessage:
        "Your bank's confirmation did not come within 60 minutes, so the purchase was cancelled. Nothing was charged.",
    });
    // A second sweep (another process) changes nothing.
    await server.app.services.billing.purchases.abandonStale();
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
    // Stripe's decline code (generic_decline) is one the API does not list: card_declined.
    expect(refused.body).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
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

  /** A $`dollars` checkout paid and confirmed by webhook; answers the PaymentIntent. */
  async function paidCheckout(api: ApiClient, dollars: number): Promise<Record<string, unknown>> {
    const started = await api.post('/api/billing/credits/purchase', {
      amount: dollars,
      currency: 'USD',
    });
    const intentId = String(started.body.clientSecret).split('_secret_')[0] ?? '';
    const intent = { ...stripe.paymentIntents.get(intentId), status: 'succeeded' };
    const paid = stripe.signedEvent('payment_intent.succeeded', intent);
    expect((await deliver(paid.payload, paid.signature)).status).toBe(200);
    return intent;
  }

  const send = async (type: string, object: Record<string, unknown>) => {
    const event = stripe.signedEvent(type, object);
    const res = await deliver(event.payload, event.signature);
    expect(res.status).toBe(200);
  };

  /** A Stripe Refund or Dispute object of a PaymentIntent, with a fresh id. */
  const reversal = (
    object: 'refund' | 'dispute',
    paymentIntent: unknown,
    amount: number,
    status: string,
  ) => ({
    id: `${object === 'refund' ? 're' : 'du'}_${randomBytes(4).toString('hex')}`,
    object,
    amount,
    currency: 'usd',
    payment_intent: paymentIntent,
    status,
  });

  const spend = (userId: string, micros: number) =>
    createLedger(server.storage.db).debit({
      userId,
      amountMicros: micros,
      reference: `job-${randomBytes(4).toString('hex')}`,
      description: 'spent in a test',
    });

  it('a refund takes its credit back once; spent credit is owed, never a negative balance', async () => {
    const { api, user } = await signUp(server);
    const bonus = await balanceOf(api);
    const intent = await paidCheckout(api, 10);
    await spend(user.id, bonus + 8_000_000); // $2 of the purchase is left
    const refund = reversal('refund', intent.id, 1000, 'succeeded');
    // Stripe sends created, then updated; each may arrive more than once.
    await send('refund.created', refund);
    await send('refund.created', refund);
    await send('refund.updated', refund);
    const info = (await api.get('/api/billing/info')).body;
    expect(info).toMatchObject({ balanceMicros: 0, owedMicros: 8_000_000, owed: '$8.00' });
    const refunds = await server.storage.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountMicros: -2_000_000, balanceAfterMicros: 0 });
    expect(refunds[0]?.description).toBe(
      'Payment of $10.00 refunded: $10.00 of credit taken back; $8.00 is owed',
    );

    // The next purchase settles the debt first; the rest is spendable, and its answer says so.
    await saveCard(api, 'pm_card_visa');
    const bought = await api.post('/api/billing/credits/purchase', { amount: 20, currency: 'USD' });
    expect(bought.body).toMatchObject({ status: 'succeeded', balanceMicros: 12_000_000 });
    expect((await api.get('/api/billing/info')).body).toMatchObject({
      balanceMicros: 12_000_000,
      owedMicros: 0,
    });
    const history = (await api.get('/api/billing/credits/history?limit=3')).body.transactions;
    expect(history.map((t: { kind: string; amount: string }) => [t.kind, t.amount])).toEqual([
      ['adjustment', '-$8.00'],
      ['purchase', '$20.00'],
      ['refund', '-$2.00'],
    ]);
  });

  it('a refund that fails gives the credit back; refunds of payments not ours book nothing', async () => {
    const { api, user } = await signUp(server);
    const intent = await paidCheckout(api, 10);
    const before = await balanceOf(api);
    const refund = reversal('refund', intent.id, 400, 'pending');
    await send('refund.created', refund);
    expect(await balanceOf(api)).toBe(before - 4_000_000);
    await send('refund.failed', { ...refund, status: 'failed' });
    await send('refund.updated', { ...refund, status: 'failed' });
    expect(await balanceOf(api)).toBe(before);
    await send('refund.created', { ...refund, id: 're_foreign', payment_intent: 'pi_foreign' });
    expect(await balanceOf(api)).toBe(before);
    const [account] = await server.storage.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, user.id));
    expect(account?.owedMicros).toBe(0);
  });

  it('a dispute takes the credit back at once; a won dispute returns it, a lost one does not', async () => {
    const { api, user } = await signUp(server);
    const bonus = await balanceOf(api);
    const won = await paidCheckout(api, 30);
    const lost = await paidCheckout(api, 5);
    await spend(user.id, bonus + 33_000_000); // $2 left of $35 bought
    const first = reversal('dispute', won.id, 3000, 'needs_response');
    const second = reversal('dispute', lost.id, 500, 'needs_response');
    await send('charge.dispute.created', first);
    await send('charge.dispute.created', first);
    await send('charge.dispute.created', second);
    expect((await api.get('/api/billing/info')).body).toMatchObject({
      balanceMicros: 0,
      owedMicros: 33_000_000,
    });
    await send('charge.dispute.closed', { ...second, status: 'lost' });
    await send('charge.dispute.closed', { ...first, status: 'won' });
    await send('charge.dispute.funds_reinstated', { ...first, status: 'won' });
    // $30 came back: it cancels $30 of the $33 owed; $3 is still owed, nothing credited.
    expect((await api.get('/api/billing/info')).body).toMatchObject({
      balanceMicros: 0,
      owedMicros: 3_000_000,
    });
    const disputes = await server.storage.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'dispute')));
    expect(disputes).toHaveLength(3);
  });

  it('an inquiry takes nothing; refunds and disputes of one payment never take back more than it', async () => {
    const { api } = await signUp(server);
    const intent = await paidCheckout(api, 10);
    const before = await balanceOf(api);
    const inquiry = reversal('dispute', intent.id, 1000, 'warning_needs_response');
    await send('charge.dispute.created', inquiry);
    await send('charge.dispute.closed', { ...inquiry, status: 'warning_closed' });
    expect(await balanceOf(api)).toBe(before);
    // Support refunds $6, then the cardholder disputes the whole $10 anyway: $10 in all.
    const refund = reversal('refund', intent.id, 600, 'succeeded');
    await send('refund.created', refund);
    const dispute = {
      ...inquiry,
      id: `du_${randomBytes(4).toString('hex')}`,
      status: 'needs_response',
    };
    await send('charge.dispute.created', dispute);
    await send('charge.dispute.funds_withdrawn', dispute);
    expect(await balanceOf(api)).toBe(before - 10_000_000);
    // Won, with the amount grown by currency conversion: only the $4 taken comes back.
    await send('charge.dispute.closed', { ...dispute, amount: 5000, status: 'won' });
    expect(await balanceOf(api)).toBe(before - 6_000_000);
  });

  it('a failed refund arriving before its creation books nothing, in either order', async () => {
    const { api } = await signUp(server);
    const intent = await paidCheckout(api, 10);
    const before = await balanceOf(api);
    const refund = reversal('refund', intent.id, 1000, 'failed');
    await send('refund.failed', refund);
    await send('refund.created', { ...refund, status: 'pending' });
    expect(await balanceOf(api)).toBe(before);
  });

  it('a refund of a payment not settled yet is answered 500, so Stripe retries it after the payment', async () => {
    const { api } = await signUp(server);
    const started = await api.post('/api/billing/credits/purchase', {
      amount: 10,
      currency: 'USD',
    });
    const intentId = String(started.body.clientSecret).split('_secret_')[0] ?? '';
    const refund = reversal('refund', intentId, 1000, 'succeeded');
    const early = stripe.signedEvent('refund.created', refund);
    expect((await deliver(early.payload, early.signature)).status).toBe(500);
    const before = await balanceOf(api);
    const paid = stripe.signedEvent('payment_intent.succeeded', {
      ...stripe.paymentIntents.get(intentId),
      status: 'succeeded',
    });
    expect((await deliver(paid.payload, paid.signature)).status).toBe(200);
    expect(await balanceOf(api)).toBe(before + 10_000_000);
    expect((await deliver(early.payload, early.signature)).status).toBe(200);
    expect(await balanceOf(api)).toBe(before);
  });

  it('deleting the account deletes its Stripe customer, retrying later if Stripe is down', async () => {
    const first = await signUp(server);
    await first.api.post('/api/billing/payment-methods', {}); // creates the Stripe customer
    const [account] = await server.storage.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, first.user.id));
    const customerId = account?.stripeCustomerId ?? '';
    expect(customerId).toMatch(/^cus_/);
    const deleted = await first.api.delete('/api/account', { password: first.password });
    expect(deleted.status).toBe(200);
    expect(stripe.deletedCustomers.has(customerId)).toBe(true);

    const second = await signUp(server);
    await second.api.post('/api/billing/payment-methods', {});
    const [other] = await server.storage.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, second.user.id));
    const otherId = other?.stripeCustomerId ?? '';
    stripe.failing = true;
    try {
      expect((await second.api.delete('/api/account', { password: second.password })).status).toBe(
        200,
      );
    } finally {
      stripe.failing = false;
    }
    expect(stripe.deletedCustomers.has(otherId)).toBe(false);
    const pending = await server.storage.db
      .select()
      .from(pendingErasures)
      .where(eq(pendingErasures.ref, otherId));
    expect(pending).toEqual([
      expect.objectContaining({
        kind: 'payment_customer',
        attempts: 1,
        lastError: expect.any(String),
      }),
    ]);
    // Housekeeping's next pass erases it; a customer already gone counts as erased.
    expect(await server.app.services.erasures.run()).toMatchObject({ failed: 0 });
    expect(stripe.deletedCustomers.has(otherId)).toBe(true);
    expect(
      await server.storage.db
        .select()
        .from(pendingErasures)
        .where(eq(pendingErasures.ref, otherId)),
    ).toEqual([]);
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

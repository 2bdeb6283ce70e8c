import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '../src/db/schema/billing.js';
import { backends, signUp, startServer, type ApiClient, type TestServer } from './helpers.js';

const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
const NO_FUNDS = { ...VISA, number: '4000000000009995' };

async function addCard(api: ApiClient, card = VISA): Promise<string> {
  const res = await api.post('/api/billing/payment-methods', card);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.paymentMethod.id;
}

const balanceOf = async (api: ApiClient): Promise<number> =>
  (await api.get('/api/billing/info')).body.balanceMicros;

describe.each(backends)('billing with the test payment provider (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  const purchasesOf = (userId: string) =>
    server.storage.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  it("publishes the installed models' rates without a session and guards the rest", async () => {
    const anonymous = server.client();
    const rates = await anonymous.get('/api/billing/rates');
    expect(rates.status).toBe(200);
    // Only what the engine runs: the price list's other models are not for sale here.
    expect(rates.body.rates).toEqual([
      { model: 'tiny.en', microsPerHour: 120_000, usdPerMinute: 0.002, englishOnly: true },
      { model: 'base', microsPerHour: 180_000, usdPerMinute: 0.003, englishOnly: false },
    ]);
    for (const path of [
      '/api/billing/info',
      '/api/billing/credits/history',
      '/api/billing/payment-methods/list',
    ]) {
      const res = await anonymous.get(path);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
    }
    expect(
      (await anonymous.post('/api/billing/credits/purchase', { amount: 20, currency: 'USD' }))
        .status,
    ).toBe(401);
    const openapi = await anonymous.get('/api/openapi.json');
    expect(Object.keys(openapi.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/billing/credits/purchase',
        '/api/billing/webhook/stripe',
        '/api/usage/spending',
      ]),
    );
  });

  it('answers billing info in USD with the balance formatted', async () => {
    const { api } = await signUp(server);
    const info = await api.get('/api/billing/info');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      currency: 'USD',
      defaultPaymentMethod: null,
      paymentProvider: 'test',
    });
    expect(info.body).toMatchObject({ balanceMicros: 5_000_000, balance: '$5.00' });
  });

  it('credits the signup bonus once when an account is verified', async () => {
    const { api } = await signUp(server);
    const info = await api.get('/api/billing/info');
    expect(info.body.balanceMicros).toBe(5_000_000);
    const history = await api.get('/api/billing/credits/history?limit=10');
    const bonuses = history.body.transactions.filter(
      (t: { kind: string }) => t.kind === 'signup_bonus',
    );
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({
      amountMicros: 5_000_000,
      amount: '$5.00',
      description: 'Welcome bonus: $5.00 of free credit',
    });
  });

  it('saves a test card keeping only brand, last4 and expiry; the first card is the default', async () => {
    const { api } = await signUp(server);
    const added = await api.post('/api/billing/payment-methods', VISA);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      status: 'saved',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true },
    });
    const second = await addCard(api, { ...VISA, number: '5555555555554444' });
    const list = await api.get('/api/billing/payment-methods/list');
    expect(
      list.body.paymentMethods.map((m: { last4: string; isDefault: boolean }) => [
        m.last4,
        m.isDefault,
      ]),
    ).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    expect(JSON.stringify(list.body)).not.toContain('4242424242424242');

    const made = await api.post('/api/billing/payment-method', { id: second });
    expect(made.status).toBe(200);
    expect(made.body.paymentMethods[0]).toMatchObject({ id: second, isDefault: true });
    expect((await api.get('/api/billing/info')).body.defaultPaymentMethod.id).toBe(second);

    const removed = await api.post('/api/billing/payment-methods/delete', { id: second });
    expect(removed.status).toBe(200);
    const after = (await api.get('/api/billing/payment-methods/list')).body.paymentMethods;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ last4: '4242', isDefault: true });
    expect((await api.post('/api/billing/payment-methods/delete', { id: second })).status).toBe(
      404,
    );
  });

  it('refuses cards that are not test cards, bad numbers, expired cards and bad CVCs', async () => {
    const { api } = await signUp(server);
    const live = await api.post('/api/billing/payment-methods', {
      ...VISA,
      number: '4111 1111 1111 1111',
    });
    expect(live.status).toBe(402);
    expect(live.body.code).toBe('live_card_in_test_mode');
    expect(live.body.message).toMatch(/test card/);
    const typo = await api.post('/api/billing/payment-methods', {
      ...VISA,
      number: '4242 4242 4242 4241',
    });
    expect(typo.body).toMatchObject({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    const expired = await api.post('/api/billing/payment-methods', { ...VISA, expYear: 2020 });
    expect(expired.body).toMatchObject({ code: 'expired_card', message: 'Your card has expired.' });
    const cvc = await api.post('/api/billing/payment-methods', { ...VISA, cvc: '12' });
    expect(cvc.body.code).toBe('incorrect_cvc');
    const missing = await api.post('/api/billing/payment-methods', { number: VISA.number });
    expect(missing.status).toBe(400);
    expect((await api.get('/api/billing/payment-methods/list')).body.paymentMethods).toEqual([]);
  });

  it('buys credits with the default card and books one purchase with a receipt', async () => {
    const { api, user } = await signUp(server);
    await addCard(api);
    const before = await balanceOf(api);
    const bought = await api.post('/api/billing/credits/purchase', { amount: 20, currency: 'USD' });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({
      status: 'succeeded',
      amountMicros: 20_000_000,
      balanceMicros: before + 20_000_000,
    });
    expect(await balanceOf(api)).toBe(before + 20_000_000);

    const history = await api.get('/api/billing/credits/history?limit=10');
    const [latest] = history.body.transactions;
    expect(latest).toMatchObject({
      id: bought.body.transactionId,
      kind: 'purchase',
      amountMicros: 20_000_000,
      amount: '$20.00',
      balanceAfterMicros: before + 20_000_000,
      receipt: {
        id: bought.body.paymentId,
        amount: '$20.00',
        method: 'Visa •••• 4242',
        status: 'succeeded',
      },
    });
    const receipt = await api.get(`/api/billing/receipts/${bought.body.paymentId}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.receipt).toMatchObject({
      transactionId: bought.body.transactionId,
      amountMicros: 20_000_000,
    });
    const stranger = (await signUp(server)).api;
    expect((await stranger.get(`/api/billing/receipts/${bought.body.paymentId}`)).status).toBe(404);
    expect((await purchasesOf(user.id)).filter((e) => e.kind === 'purchase')).toHaveLength(1);
  });

  it('buys with a named saved card through /credits/payment-method', async () => {
    const { api } = await signUp(server);
    await addCard(api);
    const mastercard = await addCard(api, { ...VISA, number: '5555 5555 5555 4444' });
    const before = await balanceOf(api);
    const bought = await api.post('/api/billing/credits/payment-method', {
      amount: 12.5,
      paymentMethodId: mastercard,
    });
    expect(bought.status).toBe(200);
    expect(bought.body.transactionId).toMatch(/^txn_/);
    expect(await balanceOf(api)).toBe(before + 12_500_000);
    const history = await api.get('/api/billing/credits/history');
    expect(history.body.transactions[0].receipt.method).toBe('Mastercard •••• 4444');
  });

  it('leaves the balance unchanged when the card is declined or has no funds (402 with the reason)', async () => {
    const { api, user } = await signUp(server);
    const declined = await addCard(api, DECLINED);
    const broke = await addCard(api, NO_FUNDS);
    const before = await balanceOf(api);
    const refused = await api.post('/api/billing/credits/purchase', {
      amount: 20,
      currency: 'USD',
      paymentMethodId: declined,
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    const poor = await api.post('/api/billing/credits/payment-method', {
      amount: 50,
      paymentMethodId: broke,
    });
    expect(poor.status).toBe(402);
    expect(poor.body).toEqual({
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(await balanceOf(api)).toBe(before);
    expect((await purchasesOf(user.id)).filter((e) => e.kind === 'purchase')).toEqual([]);
    const attempts = await server.storage.db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id));
    expect(attempts.map((p) => p.status)).toEqual(['failed', 'failed']);
  });

  it('enforces the $5 minimum, the $1,000 maximum, whole cents and USD', async () => {
    const { api } = await signUp(server);
    await addCard(api);
    const low = await api.post('/api/billing/credits/purchase', { amount: 4.99, currency: 'USD' });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('amount: The minimum purchase is $5.00');
    const high = await api.post('/api/billing/credits/purchase', {
      amount: 1000.01,
      currency: 'USD',
    });
    expect(high.body.message).toBe('amount: The maximum purchase is $1,000.00');
    const fraction = await api.post('/api/billing/credits/purchase', {
      amount: 10.001,
      currency: 'USD',
    });
    expect(fraction.body.message).toBe('amount: Amounts are in whole cents');
    const euro = await api.post('/api/billing/credits/purchase', { amount: 10, currency: 'EUR' });
    expect(euro.status).toBe(400);
    expect(euro.body.message).toBe('currency: Only USD is supported');
    const max = await api.post('/api/billing/credits/purchase', { amount: 1000, currency: 'USD' });
    expect(max.body.status).toBe('succeeded');
  });

  it('says what to do next when there is no saved card', async () => {
    const { api } = await signUp(server);
    const next = await api.post('/api/billing/credits/purchase', { amount: 20, currency: 'USD' });
    expect(next.status).toBe(200);
    expect(next.body).toEqual({
      status: 'requires_payment_method',
      message: 'Add a card to buy credits.',
    });
    const saved = await api.post('/api/billing/credits/payment-method', { amount: 20 });
    expect(saved.status).toBe(400);
    expect(saved.body.code).toBe('payment_method_required');
  });

  it('honours Idempotency-Key: a retried purchase is booked once and answers the same', async () => {
    const { api, user } = await signUp(server);
    await addCard(api);
    const before = await balanceOf(api);
    const headers = { 'idempotency-key': 'buy-20-once' };
    const body = { amount: 20, currency: 'USD' };
    const [first, second] = await Promise.all([
      api.post('/api/billing/credits/purchase', body, { headers }),
      api.post('/api/billing/credits/purchase', body, { headers }),
    ]);
    const third = await api.post('/api/billing/credits/purchase', body, { headers });
    const succeeded = [first, second, third].filter((res) => res.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(2);
    for (const res of succeeded) expect(res.body.transactionId).toBe(third.body.transactionId);
    for (const res of [first, second])
      if (res.status !== 200) expect(res.body.code).toBe('purchase_in_progress');
    expect(await balanceOf(api)).toBe(before + 20_000_000);
    expect((await purchasesOf(user.id)).filter((e) => e.kind === 'purchase')).toHaveLength(1);

    const reused = await api.post(
      '/api/billing/credits/purchase',
      { amount: 30, currency: 'USD' },
      { headers },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    const other = await api.post('/api/billing/credits/purchase', body, {
      headers: { 'idempotency-key': 'another' },
    });
    expect(other.body.transactionId).not.toBe(third.body.transactionId);
    expect(await balanceOf(api)).toBe(before + 40_000_000);
  });

  it('replays a declined purchase as the same decline', async () => {
    const { api, user } = await signUp(server);
    await addCard(api, DECLINED);
    const headers = { 'idempotency-key': 'declined-once' };
    for (let i = 0; i < 2; i++) {
      const res = await api.post(
        '/api/billing/credits/purchase',
        { amount: 20, currency: 'USD' },
        { headers },
      );
      expect(res.status).toBe(402);
      expect(res.body.message).toBe('Your card was declined.');
    }
    const attempts = await server.storage.db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id));
    expect(attempts).toHaveLength(1);
  });

  it('reports a card saved since a moment', async () => {
    const { api } = await signUp(server);
    const start = new Date(Date.now() - 1000).toISOString();
    expect(
      (await api.get(`/api/billing/payment-methods/check-recent?since=${start}`)).body,
    ).toEqual({ hasRecent: false });
    const id = await addCard(api);
    const recent = await api.get(
      `/api/billing/payment-methods/check-recent?since=${encodeURIComponent(start)}`,
    );
    expect(recent.body).toMatchObject({ hasRecent: true, paymentMethod: { id, last4: '4242' } });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(
      (await api.get(`/api/billing/payment-methods/check-recent?since=${later}`)).body.hasRecent,
    ).toBe(false);
    expect((await api.get('/api/billing/payment-methods/check-recent')).body.hasRecent).toBe(true);
    expect(
      (await api.get('/api/billing/payment-methods/check-recent?since=yesterday')).status,
    ).toBe(400);
  });
});

import { describe, expect, test } from 'vitest';
import { recordRequests } from '../../../test/recordRequests';
import { billingApi } from './billingApi';

const call = recordRequests();

describe('billing calls', () => {
  test('reads: info, credit history (limit 10 by default), payment methods, check-recent (since only if set)', async () => {
    expect((await call((d) => d(billingApi.endpoints.getBillingInfo.initiate()))).path).toBe(
      '/api/billing/info',
    );
    expect(await call((d) => d(billingApi.endpoints.getCreditHistory.initiate()))).toMatchObject({
      path: '/api/billing/credits/history',
      query: '?limit=10',
    });
    expect((await call((d) => d(billingApi.endpoints.getPaymentMethods.initiate()))).path).toBe(
      '/api/billing/payment-methods/list',
    );
    expect(
      (await call((d) => d(billingApi.endpoints.checkRecentPaymentMethod.initiate()))).query,
    ).toBe('');
    const since = '2026-11-20T11:50:00.000Z';
    expect(
      (await call((d) => d(billingApi.endpoints.checkRecentPaymentMethod.initiate(since)))).query,
    ).toBe(`?since=${encodeURIComponent(since)}`);
  });

  test('writes: delete, set default, add card, purchase (USD) and purchase with a saved card', async () => {
    expect(
      await call((d) => d(billingApi.endpoints.deletePaymentMethod.initiate('pm_1'))),
    ).toMatchObject({
      method: 'POST',
      path: '/api/billing/payment-methods/delete',
      body: { id: 'pm_1' },
    });
    expect(
      await call((d) => d(billingApi.endpoints.setDefaultPaymentMethod.initiate('pm_2'))),
    ).toMatchObject({
      method: 'POST',
      path: '/api/billing/payment-method',
      body: { id: 'pm_2' },
    });
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(
      await call((d) => d(billingApi.endpoints.addPaymentMethod.initiate(card))),
    ).toMatchObject({
      method: 'POST',
      path: '/api/billing/payment-methods',
      body: card,
    });
    const purchase = await call((d) =>
      d(billingApi.endpoints.purchaseCredits.initiate({ amount: 25, idempotencyKey: 'k1' })),
    );
    expect(purchase).toMatchObject({
      method: 'POST',
      path: '/api/billing/credits/purchase',
      body: { amount: 25, currency: 'USD' },
    });
    expect(purchase.headers.get('idempotency-key')).toBe('k1');
    expect(
      await call((d) =>
        d(
          billingApi.endpoints.purchaseWithPaymentMethod.initiate({
            amount: 10,
            paymentMethodId: 'pm_2',
            idempotencyKey: 'k2',
          }),
        ),
      ),
    ).toMatchObject({
      method: 'POST',
      path: '/api/billing/credits/payment-method',
      body: { amount: 10, paymentMethodId: 'pm_2' },
    });
  });
});

import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { makeStore } from '../../../store/store';
import { server } from '../../../test/server';
import { accountApi } from '../../account/accountApi';
import { apiKeysApi } from '../../apiKeys/apiKeysApi';
import { billingApi } from '../../billing/billingApi';
import { transcriptsApi } from '../../transcripts/transcriptsApi';
import { usageApi } from '../../usage/usageApi';

interface Sent {
  method: string;
  path: string;
  query: string;
  body: unknown;
  headers: Headers;
}

let sent: Sent[] = [];
const record = async ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  const copy = request.clone();
  const body = type.includes('json')
    ? await copy.json()
    : type.includes('multipart')
      ? await copy.formData()
      : undefined;
  sent.push({
    method: request.method,
    path: url.pathname,
    query: url.search,
    body,
    headers: request.headers,
  });
};

beforeEach(() => {
  sent = [];
  server.events.on('request:start', record);
});
afterEach(() => server.events.removeListener('request:start', record));

/** Runs one endpoint on a fresh store and answers the one request it sent. */
async function call(
  run: (dispatch: ReturnType<typeof makeStore>['dispatch']) => Promise<unknown>,
): Promise<Sent> {
  const store = makeStore();
  await run(store.dispatch);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(sent).toHaveLength(1);
  return sent[0] as Sent;
}

describe('usage calls', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test('overview and chart (period 6months by default) in the user’s zone; spending (from, to, tz)', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(await call((d) => d(usageApi.endpoints.getUsageOverview.initiate()))).toMatchObject({
      method: 'GET',
      path: '/api/usage/overview',
      query: '?tz=America%2FLos_Angeles',
    });
    sent = [];
    expect((await call((d) => d(usageApi.endpoints.getUsageChart.initiate()))).query).toBe(
      '?period=6months&tz=America%2FLos_Angeles',
    );
    sent = [];
    expect(
      (
        await call((d) =>
          d(
            usageApi.endpoints.getSpending.initiate({
              from: '2026-10-21',
              to: '2026-11-20',
              tz: 'Asia/Kathmandu',
            }),
          ),
        )
      ).query,
    ).toBe('?from=2026-10-21&to=2026-11-20&tz=Asia%2FKathmandu');
  });
});

describe('billing calls', () => {
  test('reads: info, credit history (limit 10 by default), payment methods, check-recent (since only if set)', async () => {
    expect((await call((d) => d(billingApi.endpoints.getBillingInfo.initiate()))).path).toBe(
      '/api/billing/info',
    );
    sent = [];
    expect(await call((d) => d(billingApi.endpoints.getCreditHistory.initiate()))).toMatchObject({
      path: '/api/billing/credits/history',
      query: '?limit=10',
    });
    sent = [];
    expect((await call((d) => d(billingApi.endpoints.getPaymentMethods.initiate()))).path).toBe(
      '/api/billing/payment-methods/list',
    );
    sent = [];
    expect(
      (await call((d) => d(billingApi.endpoints.checkRecentPaymentMethod.initiate()))).query,
    ).toBe('');
    sent = [];
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
    sent = [];
    expect(
      await call((d) => d(billingApi.endpoints.setDefaultPaymentMethod.initiate('pm_2'))),
    ).toMatchObject({
      method: 'POST',
      path: '/api/billing/payment-method',
      body: { id: 'pm_2' },
    });
    sent = [];
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(
      await call((d) => d(billingApi.endpoints.addPaymentMethod.initiate(card))),
    ).toMatchObject({
      method: 'POST',
      path: '/api/billing/payment-methods',
      body: card,
    });
    sent = [];
    const purchase = await call((d) =>
      d(billingApi.endpoints.purchaseCredits.initiate({ amount: 25, idempotencyKey: 'k1' })),
    );
    expect(purchase).toMatchObject({
      method: 'POST',
      path: '/api/billing/credits/purchase',
      body: { amount: 25, currency: 'USD' },
    });
    expect(purchase.headers.get('idempotency-key')).toBe('k1');
    sent = [];
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

describe('transcript calls', () => {
  test('the user list sends page 1 and limit 10 by default, search and status only when set', async () => {
    expect(
      (await call((d) => d(transcriptsApi.endpoints.listTranscriptions.initiate()))).query,
    ).toBe('?page=1&limit=10');
    sent = [];
    expect(
      (
        await call((d) =>
          d(
            transcriptsApi.endpoints.listTranscriptions.initiate({
              page: 1,
              limit: 3,
              status: 'all',
              search: '',
            }),
          ),
        )
      ).query,
    ).toBe('?page=1&limit=3');
    sent = [];
    expect(
      (
        await call((d) =>
          d(
            transcriptsApi.endpoints.listTranscriptions.initiate({
              page: 2,
              search: 'call',
              status: 'error',
            }),
          ),
        )
      ).query,
    ).toBe('?page=2&limit=10&search=call&status=error');
  });

  test('submit is multipart; detail and delete go to /v1/transcript/{id}; models to /v1/models', async () => {
    const submitted = await call((d) =>
      d(
        transcriptsApi.endpoints.submitTranscript.initiate({
          audioUrl: 'https://x.test/a.mp3',
          model: 'base',
          language: 'auto',
          timestampStyle: 'word',
        }),
      ),
    );
    expect(submitted).toMatchObject({ method: 'POST', path: '/v1/transcript' });
    expect(Object.fromEntries((submitted.body as FormData).entries())).toEqual({
      audio_url: 'https://x.test/a.mp3',
      timestamp_style: 'word',
      model: 'base',
      language: 'auto',
    });
    sent = [];
    const id = '7d3e8f20-4a1b-4c5d-9e6f-000000000002';
    expect((await call((d) => d(transcriptsApi.endpoints.getTranscript.initiate(id)))).path).toBe(
      `/v1/transcript/${id}`,
    );
    sent = [];
    expect(
      await call((d) => d(transcriptsApi.endpoints.deleteTranscript.initiate(id))),
    ).toMatchObject({
      method: 'DELETE',
      path: `/v1/transcript/${id}`,
    });
    sent = [];
    expect((await call((d) => d(transcriptsApi.endpoints.listModels.initiate()))).path).toBe(
      '/v1/models',
    );
  });
});

describe('API key and account calls', () => {
  const id = '1a2b3c4d-0000-4000-8000-000000000001';

  test('api keys: list, create {name}, rename PUT {name}, toggle PATCH, delete', async () => {
    expect((await call((d) => d(apiKeysApi.endpoints.listApiKeys.initiate()))).path).toBe(
      '/api/api-keys',
    );
    sent = [];
    expect(await call((d) => d(apiKeysApi.endpoints.createApiKey.initiate('CI')))).toMatchObject({
      method: 'POST',
      path: '/api/api-keys',
      body: { name: 'CI' },
    });
    sent = [];
    expect(
      await call((d) => d(apiKeysApi.endpoints.renameApiKey.initiate({ id, name: 'Prod' }))),
    ).toMatchObject({
      method: 'PUT',
      path: `/api/api-keys/${id}`,
      body: { name: 'Prod' },
    });
    sent = [];
    expect(await call((d) => d(apiKeysApi.endpoints.toggleApiKey.initiate(id)))).toMatchObject({
      method: 'PATCH',
      path: `/api/api-keys/${id}/toggle`,
    });
    sent = [];
    expect(await call((d) => d(apiKeysApi.endpoints.deleteApiKey.initiate(id)))).toMatchObject({
      method: 'DELETE',
      path: `/api/api-keys/${id}`,
    });
  });

  test('account: update, password, delete, sign out everywhere', async () => {
    expect(
      await call((d) => d(accountApi.endpoints.updateAccount.initiate({ name: 'Ada' }))),
    ).toMatchObject({
      method: 'PATCH',
      path: '/api/account',
      body: { name: 'Ada' },
    });
    sent = [];
    expect(
      await call((d) =>
        d(
          accountApi.endpoints.changePassword.initiate({
            currentPassword: 'a',
            newPassword: 'bbbbbbbbbb',
          }),
        ),
      ),
    ).toMatchObject({ method: 'POST', path: '/api/account/password' });
    sent = [];
    expect(
      await call((d) =>
        d(accountApi.endpoints.deleteAccount.initiate({ confirmEmail: 'ada@example.com' })),
      ),
    ).toMatchObject({
      method: 'DELETE',
      path: '/api/account',
      body: { confirmEmail: 'ada@example.com' },
    });
    sent = [];
    expect(await call((d) => d(accountApi.endpoints.logoutEverywhere.initiate()))).toMatchObject({
      method: 'POST',
      path: '/api/auth/logout-all',
    });
  });
});

import { describe, expect, test } from 'vitest';
import { NOW, billingHandlers, usageHandlers } from '@parlance/mocks';
import { makeStore } from '../../../store/store';
import { server } from '../../../test/server';
import { billingApi } from '../../../features/billing/api/billingApi';
import { DEFAULT_SPENDING_RANGE, spendingRange } from '../../../features/usage/api/spendingRange';
import { usageApi } from '../../../features/usage/api/usageApi';
import { refreshAll } from './refreshAll';

describe('refreshAll', () => {
  test('answers nothing when every block refreshed', async () => {
    const store = makeStore();
    expect(await refreshAll(store.dispatch, store.getState(), NOW)).toEqual([]);
    expect(
      usageApi.endpoints.getSpending.select(spendingRange(DEFAULT_SPENDING_RANGE, NOW))(
        store.getState(),
      ).isSuccess,
    ).toBe(true);
  });

  test('names every block that failed', async () => {
    server.use(...usageHandlers.error, ...billingHandlers.error);
    const store = makeStore();
    expect(await refreshAll(store.dispatch, store.getState(), NOW)).toEqual([
      'stats',
      'billing',
      'transactions',
      'spending',
      'paymentMethods',
    ]);
  });

  test('names only the blocks that failed, once each', async () => {
    server.use(...usageHandlers.spendingError, ...billingHandlers.infoError);
    const store = makeStore();
    await store.dispatch(
      usageApi.endpoints.getSpending.initiate({ from: '2026-11-13', to: '2026-11-20', tz: 'UTC' }),
    );
    await store.dispatch(
      usageApi.endpoints.getSpending.initiate({ from: '2026-08-22', to: '2026-11-20', tz: 'UTC' }),
    );
    expect(await refreshAll(store.dispatch, store.getState(), NOW)).toEqual([
      'billing',
      'spending',
    ]);
  });

  test('refreshes the ranges and history lengths the screens loaded', async () => {
    const store = makeStore();
    await store.dispatch(
      usageApi.endpoints.getSpending.initiate({ from: '2026-11-13', to: '2026-11-20', tz: 'UTC' }),
    );
    await store.dispatch(billingApi.endpoints.getCreditHistory.initiate(20));
    const requested: string[] = [];
    const listener = ({ request }: { request: Request }) =>
      requested.push(new URL(request.url).search);
    server.events.on('request:start', listener);
    await refreshAll(store.dispatch, store.getState(), NOW);
    server.events.removeListener('request:start', listener);
    // The loaded range only, not the default one.
    expect(requested.filter((query) => query.startsWith('?from='))).toEqual([
      '?from=2026-11-13&to=2026-11-20&tz=UTC',
    ]);
    expect(requested).toContain('?limit=20');
  });
});

import { billingApi } from '../../../features/billing/api/billingApi';
import { usageApi } from '../../../features/usage/api/usageApi';
import { DEFAULT_SPENDING_RANGE, spendingRange } from '../../../features/usage/api/spendingRange';
import type { RootState } from '../../../store/rootReducer';
import type { AppDispatch } from '../../../store/store';
import type { RefreshBlock } from '../../../shared/messages';

interface Refetch {
  /** Resolves with the query's outcome; `error` is set when it failed. */
  run: () => Promise<{ error?: unknown }>;
  block: RefreshBlock;
}

const forced = { subscribe: false, forceRefetch: true } as const;

/**
 * Refresh-all: refetches stats, billing, transactions, spending and payment methods together,
 * each with the arguments it is cached under (its default when it never loaded), and answers
 * every block that failed, once each, in that order.
 */
export async function refreshAll(
  dispatch: AppDispatch,
  state: RootState,
  now: Date,
): Promise<RefreshBlock[]> {
  const cachedOr = <T>(cached: T[], fallback: T): T[] => (cached.length > 0 ? cached : [fallback]);
  const spendingArgs = cachedOr(
    usageApi.util.selectCachedArgsForQuery(state, 'getSpending'),
    spendingRange(DEFAULT_SPENDING_RANGE, now),
  );
  const historyArgs = cachedOr(
    billingApi.util.selectCachedArgsForQuery(state, 'getCreditHistory'),
    undefined,
  );

  const refetches: Refetch[] = [
    {
      run: () => dispatch(usageApi.endpoints.getUsageOverview.initiate(undefined, forced)),
      block: 'stats',
    },
    {
      run: () => dispatch(billingApi.endpoints.getBillingInfo.initiate(undefined, forced)),
      block: 'billing',
    },
    ...historyArgs.map((limit): Refetch => ({
      run: () => dispatch(billingApi.endpoints.getCreditHistory.initiate(limit, forced)),
      block: 'transactions',
    })),
    ...spendingArgs.map((range): Refetch => ({
      run: () => dispatch(usageApi.endpoints.getSpending.initiate(range, forced)),
      block: 'spending',
    })),
    {
      run: () => dispatch(billingApi.endpoints.getPaymentMethods.initiate(undefined, forced)),
      block: 'paymentMethods',
    },
  ];
  const outcomes = await Promise.all(
    refetches.map(async ({ run, block }) => ((await run()).error ? block : null)),
  );
  return [...new Set(outcomes.filter((block): block is RefreshBlock => block !== null))];
}

import { billingApi } from '../../billing/billingApi';
import { usageApi } from '../../usage/usageApi';
import { DEFAULT_SPENDING_RANGE, spendingRange } from '../../usage/spendingRange';
import type { AppDispatch, RootState } from '../../../store/store';
import { REFRESH_FAILURES } from '../shared/messages';

interface Refetch {
  /** Resolves with the query's outcome; `error` is set when it failed. */
  run: () => Promise<{ error?: unknown }>;
  failure: string;
}

const forced = { subscribe: false, forceRefetch: true } as const;

/**
 * Refresh-all: refetches stats, billing, transactions, spending and payment methods together,
 * each with the arguments it is cached under (its default when it never loaded), and answers the
 * failure message of every block that failed ("Failed to refresh billing", …).
 */
export async function refreshAll(
  dispatch: AppDispatch,
  state: RootState,
  now: Date,
): Promise<string[]> {
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
      failure: REFRESH_FAILURES.stats,
    },
    {
      run: () => dispatch(billingApi.endpoints.getBillingInfo.initiate(undefined, forced)),
      failure: REFRESH_FAILURES.billing,
    },
    ...historyArgs.map((limit) => ({
      run: () => dispatch(billingApi.endpoints.getCreditHistory.initiate(limit, forced)),
      failure: REFRESH_FAILURES.transactions,
    })),
    ...spendingArgs.map((range) => ({
      run: () => dispatch(usageApi.endpoints.getSpending.initiate(range, forced)),
      failure: REFRESH_FAILURES.spending,
    })),
    {
      run: () => dispatch(billingApi.endpoints.getPaymentMethods.initiate(undefined, forced)),
      failure: REFRESH_FAILURES.paymentMethods,
    },
  ];
  const outcomes = await Promise.all(
    refetches.map(async ({ run, failure }) => ((await run()).error ? failure : null)),
  );
  return [...new Set(outcomes.filter((failure): failure is string => failure !== null))];
}

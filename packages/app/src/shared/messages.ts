/** The spec's fallback messages, one per dashboard data block. */
export const LOAD_FALLBACKS = {
  stats: 'Failed to load stats',
  chart: 'Failed to load chart data',
  transcriptions: 'Failed to load transcriptions',
  billing: 'Failed to load billing info',
  transactions: 'Failed to load transactions',
  paymentMethods: 'Failed to load payment methods',
  spending: 'Failed to load spending data',
} as const;

/**
 * The blocks Refresh all reloads, named as the spec's refresh-failure messages name them
 * ("Failed to refresh stats", "Failed to refresh payment methods", …).
 */
export const REFRESH_BLOCKS = {
  stats: 'stats',
  billing: 'billing',
  transactions: 'transactions',
  spending: 'spending',
  paymentMethods: 'payment methods',
} as const;

export type RefreshBlock = keyof typeof REFRESH_BLOCKS;

// Made on first use, not when the dashboard's code loads: building a list format loads its
// locale's data, tens of milliseconds on a slow phone's CPU at every page's start otherwise.
let blockList: Intl.ListFormat | undefined;

/**
 * One message for every block that failed, since one toast shows at a time: the spec's own
 * message for one block ("Failed to refresh billing"), its blocks listed for several ("Failed to
 * refresh stats, billing and payment methods").
 */
export function refreshFailureMessage(failed: readonly RefreshBlock[]): string {
  blockList ??= new Intl.ListFormat('en-GB', { type: 'conjunction' });
  return `Failed to refresh ${blockList.format(failed.map((block) => REFRESH_BLOCKS[block]))}`;
}

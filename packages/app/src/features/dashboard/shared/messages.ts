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

/** The spec's refresh-all failure messages. */
export const REFRESH_FAILURES = {
  stats: 'Failed to refresh stats',
  billing: 'Failed to refresh billing',
  transactions: 'Failed to refresh transactions',
  spending: 'Failed to refresh spending',
  paymentMethods: 'Failed to refresh payment methods',
} as const;

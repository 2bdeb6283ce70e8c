/** The spending ranges of the usage screen; 30 days is the default. */
export const SPENDING_RANGES = ['7d', '30d', '90d'] as const;
export type SpendingRange = (typeof SPENDING_RANGES)[number];
export const DEFAULT_SPENDING_RANGE: SpendingRange = '30d';

const RANGE_DAYS: Record<SpendingRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a moment, as a calendar day in UTC (the server counts days in UTC). */
export function isoDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The spending query for a range: from = today minus 7, 30 or 90 days, to = today. */
export function spendingRange(range: SpendingRange, now: Date): { from: string; to: string } {
  return {
    from: isoDay(new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS)),
    to: isoDay(now),
  };
}

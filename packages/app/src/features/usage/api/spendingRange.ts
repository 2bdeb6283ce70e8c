import { addDays, calendarDay } from '@parlance/contract/calendar';
import type { SpendingQuery } from '@parlance/contract';

/** The spending ranges of the usage screen; 30 days is the default. */
export const SPENDING_RANGES = ['7d', '30d', '90d'] as const;
export type SpendingRange = (typeof SPENDING_RANGES)[number];
export const DEFAULT_SPENDING_RANGE: SpendingRange = '30d';

const RANGE_DAYS: Record<SpendingRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The user's time zone, as the browser (or the runtime) knows it. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The spending query for a range: from = today minus 7, 30 or 90 days, to = today, both calendar
 * days in `timeZone` (the user's by default), which the server is told to count days in.
 */
export function spendingRange(
  range: SpendingRange,
  now: Date,
  timeZone: string = localTimeZone(),
): SpendingQuery {
  const to = calendarDay(now, timeZone);
  return { from: addDays(to, -RANGE_DAYS[range]), to, tz: timeZone };
}

import type { SpendingPoint } from './SpendingChart';
import type { UsagePoint } from './UsageChart';

/** Six months of usage, as the overview shows it. */
export const sixMonthsUsage: UsagePoint[] = [
  { name: 'Jun', usage: 320 },
  { name: 'Jul', usage: 410 },
  { name: 'Aug', usage: 385 },
  { name: 'Sep', usage: 620 },
  { name: 'Oct', usage: 930 },
  { name: 'Nov', usage: 1284 },
];

/** Deterministic daily spend for `days` days ending 2026-11-30. */
export function dailySpending(days: number): SpendingPoint[] {
  const end = Date.UTC(2026, 10, 30);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const minutes = 20 + ((i * 37) % 90) + (i % 7 === 5 || i % 7 === 6 ? -15 : 10);
    return { date, minutes, costMicros: minutes * 60_000 };
  });
}

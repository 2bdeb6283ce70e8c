const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-01" → "Nov 1". Dates are calendar days, so they are read and shown in UTC. */
export function formatChartDate(isoDate: string): string {
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : dayFormat.format(time);
}

/** At most `max` evenly spaced ticks out of `values`, always including the last. */
export function sparseTicks<T>(values: readonly T[], max: number): T[] {
  if (values.length <= max) return [...values];
  const step = Math.ceil(values.length / max);
  return values.filter((_, i) => (values.length - 1 - i) % step === 0);
}

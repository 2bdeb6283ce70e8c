/**
 * The price of `minutes` of audio at `centsPerHour`, in whole cents rounded up, as the server
 * charges a file (per started second, then up to the next cent).
 */
export function estimateCostCents(minutes: number, centsPerHour: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  const seconds = Math.ceil(minutes * 60);
  return Math.ceil((seconds * centsPerHour) / 3600);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$12.34" from cents. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** A per-minute price with the precision it needs: "$0.002", "$0.012". */
export function formatPerMinute(usdPerMinute: number): string {
  const digits = Math.max(2, Math.min(6, Math.ceil(-Math.log10(usdPerMinute)) + 1));
  return `$${usdPerMinute.toFixed(digits).replace(/(\.\d{2}\d*?)0+$/, '$1')}`;
}

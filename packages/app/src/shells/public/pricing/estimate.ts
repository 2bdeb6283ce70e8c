import { priceMicros } from '@parlance/server/money';

/**
 * The price in micro-dollars of `minutes` of audio at `microsPerHour`, by the rule the server
 * charges a file with: its exact length, rounded up to a whole micro-dollar.
 */
export function estimateCostMicros(minutes: number, microsPerHour: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return priceMicros(minutes * 60, microsPerHour);
}

/** A per-minute price with the precision it needs: "$0.002", "$0.012". */
export function formatPerMinute(usdPerMinute: number): string {
  const digits = Math.max(2, Math.min(6, Math.ceil(-Math.log10(usdPerMinute)) + 1));
  return `$${usdPerMinute.toFixed(digits).replace(/(\.\d{2}\d*?)0+$/, '$1')}`;
}

import { priceMicros } from '@parlance/contract/money';

/**
 * The price in micro-dollars of `minutes` of audio at `microsPerHour`, by the rule the server
 * charges a file with: its exact length, rounded up to a whole micro-dollar.
 */
export function estimateCostMicros(minutes: number, microsPerHour: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return priceMicros(minutes * 60, microsPerHour);
}

/** At most this many steps up the value axis. */
const MAX_STEPS = 4;

/**
 * The value axis' ticks for data up to `max`: 0 and even steps of 1, 2 or 5 × a power of ten
 * (whole numbers at least when `whole`), up to the first tick at or above `max`, so the tallest
 * bar never overshoots the top tick and no two ticks read the same.
 */
export function valueTicks(max: number, { whole = false } = {}): number[] {
  if (!(max > 0)) return [0];
  const rough = max / MAX_STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  if (whole) step = Math.max(1, Math.ceil(step));
  const steps = Math.ceil(max / step - 1e-9);
  // Multiples computed from integers: 0.1 * 3 would be 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toFixed(decimals)));
}

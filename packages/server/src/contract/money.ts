/**
 * Money is an integer number of US micro-dollars (µ$, 1 USD = 1,000,000): fine enough to charge
 * a second of audio at its exact price. This file is where money meets text and where seconds
 * meet a price, for the server, the web app and the mocks alike. It imports nothing, so the web
 * app loads it alone (`@parlance/server/money`), without the contract's schemas.
 */

export const MICROS_PER_USD = 1_000_000;

/**
 * The price of `seconds` of audio (fractional, as decoded) at `microsPerHour`, rounded up to the
 * next whole micro-dollar and nothing more: 11 s at 120,000 µ$/h = 366.67 → 367 µ$.
 */
export function priceMicros(seconds: number, microsPerHour: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`Invalid audio duration: ${seconds}`);
  }
  const exact = (seconds * microsPerHour) / 3600;
  // 0.27 s × 120,000 / 3600 comes out as 9.000000000000002: a few units in the last place of
  // floating-point noise are not a started micro-dollar.
  const nearest = Math.round(exact);
  return Math.abs(exact - nearest) <= exact * 4 * Number.EPSILON ? nearest : Math.ceil(exact);
}

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The exact amount in dollars: at least two decimals, up to six, trailing zeros trimmed beyond
 * the second. 5,000,000 → "$5.00", 367 → "$0.000367", 4,999,633 → "$4.999633", -500,000 → "-$0.50".
 * Integer arithmetic, so large balances keep every digit.
 */
export function formatUsd(micros: number): string {
  if (!Number.isSafeInteger(micros)) {
    throw new RangeError(`Amounts are whole micro-dollars, got ${micros}`);
  }
  const magnitude = Math.abs(micros);
  const dollars = Math.floor(magnitude / MICROS_PER_USD);
  const fraction = String(magnitude % MICROS_PER_USD)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${micros < 0 ? '-' : ''}$${wholeDollars.format(dollars)}.${fraction}`;
}

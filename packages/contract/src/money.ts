/**
 * Money is an integer number of US micro-dollars (µ$, 1 USD = 1,000,000): fine enough to charge
 * a second of audio at its exact price. This file is where money meets text and where seconds
 * meet a price (the price list too), for the server, the web app and the mocks alike. It imports
 * no code (types only), so the web app loads it alone (`@parlance/contract/money`), without the
 * contract's schemas.
 */

import type { ModelRate } from './billing.js';

export const MICROS_PER_USD = 1_000_000;

/**
 * The one price list. Rates are integer micro-dollars per hour of audio ($0.002/min = 120,000
 * µ$/h). A job is charged its exact length at that rate, rounded up to a whole micro-dollar.
 */
export const MODELS = [
  'tiny',
  'tiny.en',
  'base',
  'base.en',
  'small',
  'small.en',
  'medium',
  'medium.en',
  'large-v3',
  'turbo',
] as const;

export type ModelName = (typeof MODELS)[number];

const MICROS_PER_HOUR: Record<ModelName, number> = {
  tiny: 120_000,
  'tiny.en': 120_000,
  base: 180_000,
  'base.en': 180_000,
  small: 300_000,
  'small.en': 300_000,
  medium: 480_000,
  'medium.en': 480_000,
  'large-v3': 720_000,
  turbo: 360_000,
};

export function isModelName(model: string): model is ModelName {
  return (MODELS as readonly string[]).includes(model);
}

/** Every model's price, in the shape of the API's ModelRate. */
export function rateTable(): ModelRate[] {
  return MODELS.map((model) => ({
    model,
    microsPerHour: MICROS_PER_HOUR[model],
    usdPerMinute: MICROS_PER_HOUR[model] / 60 / MICROS_PER_USD,
    englishOnly: model.endsWith('.en'),
  }));
}

/** Price in micro-dollars of `seconds` of audio: exact, rounded up to a whole micro-dollar. */
export function priceForSeconds(model: ModelName, seconds: number): number {
  return priceMicros(seconds, MICROS_PER_HOUR[model]);
}

/** The most whole seconds of audio `micros` pays for (none when it is zero or less). */
export function secondsAffordable(model: ModelName, micros: number): number {
  if (!Number.isSafeInteger(micros)) {
    throw new RangeError(`Amounts are whole micro-dollars, got ${micros}`);
  }
  if (micros <= 0) return 0;
  // floor(micros × 3600 / rate), split so no product leaves the exact integer range.
  const rate = MICROS_PER_HOUR[model];
  return Math.floor(micros / rate) * 3600 + Math.floor(((micros % rate) * 3600) / rate);
}

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

const dollarFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The one money formatter: the exact amount in dollars, at least two decimals, up to six, trailing
 * zeros trimmed beyond the second. 5,000,000 → "$5.00", 367 → "$0.000367", 4,999,633 →
 * "$4.999633", -500,000 → "-$0.50". `wholeDollars: 'short'` leaves the cents off a whole amount,
 * as buttons and presets show it ("$25", but "$12.50"). Integer arithmetic, so large balances
 * keep every digit.
 */
export function formatUsd(
  micros: number,
  { wholeDollars = 'cents' as 'cents' | 'short' } = {},
): string {
  if (!Number.isSafeInteger(micros)) {
    throw new RangeError(`Amounts are whole micro-dollars, got ${micros}`);
  }
  const magnitude = Math.abs(micros);
  const dollars = Math.floor(magnitude / MICROS_PER_USD);
  const sign = micros < 0 ? '-' : '';
  const remainder = magnitude % MICROS_PER_USD;
  if (remainder === 0 && wholeDollars === 'short') return `${sign}$${dollarFormat.format(dollars)}`;
  const fraction = String(remainder).padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${sign}$${dollarFormat.format(dollars)}.${fraction}`;
}

/**
 * A price per hour shown per minute, as the price list reads: 120,000 µ$/h → "$0.002". Every
 * listed price is a whole number of micro-dollars a minute (tested); another would show rounded.
 */
export function formatUsdPerMinute(microsPerHour: number): string {
  return formatUsd(Math.round(microsPerHour / 60));
}

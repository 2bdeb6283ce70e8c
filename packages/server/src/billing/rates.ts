import { MICROS_PER_USD, priceMicros } from '../contract/money.js';

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

export interface ModelRate {
  model: ModelName;
  /** Integer micro-dollars per hour of audio. */
  microsPerHour: number;
  /** The same price in dollars per minute, for display ("$0.002 / min"). */
  usdPerMinute: number;
  /** true for the English-only `.en` variants. */
  englishOnly: boolean;
}

export function isModelName(model: string): model is ModelName {
  return (MODELS as readonly string[]).includes(model);
}

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

/**
 * The one price list. Rates are integer cents per hour of audio (so $0.002/min = 12 ¢/h)
 * which keeps sub-cent per-minute prices exact. A job is charged per started second of
 * audio, rounded up to a whole cent.
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

const CENTS_PER_HOUR: Record<ModelName, number> = {
  tiny: 12,
  'tiny.en': 12,
  base: 18,
  'base.en': 18,
  small: 30,
  'small.en': 30,
  medium: 48,
  'medium.en': 48,
  'large-v3': 72,
  turbo: 36,
};

export interface ModelRate {
  model: ModelName;
  /** Integer cents per hour of audio. */
  centsPerHour: number;
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
    centsPerHour: CENTS_PER_HOUR[model],
    usdPerMinute: CENTS_PER_HOUR[model] / 6000,
    englishOnly: model.endsWith('.en'),
  }));
}

/** Price in cents of `seconds` of audio: whole seconds started, then whole cents, both rounded up. */
export function priceForSeconds(model: ModelName, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new RangeError(`Invalid audio duration: ${seconds}`);
  const billedSeconds = Math.ceil(seconds);
  return Math.ceil((billedSeconds * CENTS_PER_HOUR[model]) / 3600);
}

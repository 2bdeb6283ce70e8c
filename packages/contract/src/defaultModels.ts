/** A server's default models, as GET /v1/models names them (`default`, `defaultEnglish`). */
export interface DefaultModels {
  default: string;
  defaultEnglish: string;
}

/**
 * The model of a request that names none (OpenAI's `whisper-1` too): the English default for
 * speech said to be English, the multilingual one otherwise, since only it can detect a
 * language, transcribe another or translate. The server decides by it; the web app shows what it
 * will decide.
 */
export function defaultModelFor(
  defaults: DefaultModels,
  language: string | undefined,
  task: 'transcribe' | 'translate',
): string {
  return task === 'transcribe' && language === 'en' ? defaults.defaultEnglish : defaults.default;
}

/**
 * Speed against accuracy, as a request's `quality` asks: `fast` decodes greedily (beam 1) with
 * the fastest installed model that can serve the request, `balanced` is the server's default
 * model with a beam of 5 (a request naming neither), `best` the most accurate one with a beam
 * of 5. A request that names its model keeps it; the preset sets only its beam then.
 */
export const QUALITIES = ['fast', 'balanced', 'best'] as const;
export type Quality = (typeof QUALITIES)[number];

export const BEAM_SIZE: Readonly<Record<Quality, number>> = { fast: 1, balanced: 5, best: 5 };

/**
 * Whisper's sizes from least to most accurate (the Whisper paper's tables), each slower than the
 * one before; turbo is large-v3 with fewer decoder layers. At one size, the English-only model is
 * the more accurate on English (paper: tiny.en and base.en clearly, small.en and medium.en barely).
 */
const SIZES = ['tiny', 'base', 'small', 'medium', 'turbo', 'large-v3'];
const sizeOf = (model: string) => SIZES.indexOf(model.replace(/\.en$/, ''));

/**
 * The model a request naming none gets at a quality, among the installed ones that can serve it:
 * English-only models only for English transcription. Unknown models are never chosen; with
 * none fitting, the default (the server then refuses it and says why).
 */
export function modelForQuality(
  quality: Quality,
  installed: readonly string[],
  defaults: DefaultModels,
  language: string | undefined,
  task: 'transcribe' | 'translate',
): string {
  const fallback = defaultModelFor(defaults, language, task);
  const english = task === 'transcribe' && language === 'en';
  const fits = installed.filter((m) => sizeOf(m) >= 0 && (english || !m.endsWith('.en')));
  if (quality === 'balanced' || fits.length === 0) return fallback;
  // Fast: the smallest size. Then the most accurate: the largest, and the English-only twin.
  const smallest = Math.min(...fits.map(sizeOf));
  const pool = quality === 'fast' ? fits.filter((m) => sizeOf(m) === smallest) : fits;
  const rank = (m: string) => 2 * sizeOf(m) + (m.endsWith('.en') ? 1 : 0);
  return pool.reduce((best, m) => (rank(m) > rank(best) ? m : best));
}

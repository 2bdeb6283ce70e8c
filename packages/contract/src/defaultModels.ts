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
type Quality = (typeof QUALITIES)[number];

export const BEAM_SIZE: Readonly<Record<Quality, number>> = { fast: 1, balanced: 5, best: 5 };

/**
 * Whisper's models from least to most accurate (the Whisper paper's tables; turbo, large-v3 with
 * 4 decoder layers, published after it, comes between medium and large-v3), and from fastest to
 * slowest (turbo's small decoder makes it faster than medium). At one size, the English-only
 * model is the more accurate on English (paper: tiny.en and base.en clearly, small.en and
 * medium.en barely).
 */
const BY_ACCURACY = ['tiny', 'base', 'small', 'medium', 'turbo', 'large-v3'];
const BY_SPEED = ['tiny', 'base', 'small', 'turbo', 'medium', 'large-v3'];
const sizeOf = (model: string) => model.replace(/\.en$/, '');

/**
 * The model a request naming none gets at a quality, among the installed ones that can serve it:
 * English-only models only for English transcription, and not turbo for translation (it was not
 * trained to translate). Unknown models are never chosen; with none fitting, the default (the
 * server then refuses it and says why).
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
  const fits = installed.filter(
    (m) =>
      BY_ACCURACY.includes(sizeOf(m)) &&
      (english || !m.endsWith('.en')) &&
      !(task === 'translate' && sizeOf(m) === 'turbo'),
  );
  if (quality === 'balanced' || fits.length === 0) return fallback;
  // The more accurate of two: the larger size, then (for English) the English-only twin.
  const accuracy = (m: string) => 2 * BY_ACCURACY.indexOf(sizeOf(m)) + (m.endsWith('.en') ? 1 : 0);
  const speed = (m: string) => BY_SPEED.indexOf(sizeOf(m));
  const fastest = Math.min(...fits.map(speed));
  const pool = quality === 'fast' ? fits.filter((m) => speed(m) === fastest) : fits;
  return pool.reduce((best, m) => (accuracy(m) > accuracy(best) ? m : best));
}

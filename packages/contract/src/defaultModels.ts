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

/**
 * A request's narrowing of language detection (`expected_languages`, `language_confidence_threshold`,
 * `fallback_language`), checked and completed the same way for uploads, the OpenAI-compatible
 * endpoint and live streams.
 */
import { DEFAULT_FALLBACK_LANGUAGE } from '@parlance/contract/endpoints';
import { DomainError } from '../domainErrors.js';
import type { LanguageDetection } from './engine/types.js';

/** The fields as a request carries them (`language` undefined, null or 'auto': detect). */
export interface DetectionFields {
  language?: string | null | undefined;
  expected_languages?: string[] | undefined;
  language_confidence_threshold?: number | undefined;
  fallback_language?: string | undefined;
}

/** Whether `asked` sends any of the fields that narrow detection. */
export const narrowsDetection = (asked: DetectionFields): boolean =>
  asked.expected_languages !== undefined ||
  asked.language_confidence_threshold !== undefined ||
  asked.fallback_language !== undefined;

/**
 * How detection chooses the language for `asked`, the account's fallback language filling in a
 * fallback not asked for; null when nothing narrows it (Whisper's own choice). Throws a 400 for
 * fields that cannot apply together.
 */
export function languageDetection(
  asked: DetectionFields,
  accountFallback: string | null,
): LanguageDetection | null {
  const {
    expected_languages: expected,
    language_confidence_threshold: threshold,
    fallback_language: fallback,
  } = asked;
  if (!narrowsDetection(asked)) return null;
  if (asked.language && asked.language !== 'auto')
    throw invalid(
      'expected_languages, language_confidence_threshold and fallback_language apply when the language is detected: leave language out',
    );
  if (fallback !== undefined && threshold === undefined)
    throw invalid('fallback_language applies with language_confidence_threshold: send both');
  const expectedLanguages = expected ? [...new Set(expected)] : null;
  const allowed = (code: string | null): code is string =>
    code !== null && (expectedLanguages === null || expectedLanguages.includes(code));
  if (fallback !== undefined && !allowed(fallback))
    throw invalid('fallback_language must be one of expected_languages');
  // Expected languages that include neither the account's nor the default: the first of them.
  const fallbackLanguage =
    fallback ??
    [accountFallback, DEFAULT_FALLBACK_LANGUAGE].find(allowed) ??
    expectedLanguages?.[0];
  return {
    expectedLanguages,
    confidenceThreshold: threshold ?? null,
    fallbackLanguage: fallbackLanguage ?? DEFAULT_FALLBACK_LANGUAGE,
  };
}

const invalid = (message: string) => new DomainError('validation_failed', message);

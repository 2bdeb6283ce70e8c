import { describe, expect, it } from 'vitest';
import { languageDetection } from '../src/transcription/languageDetection.js';

describe('languageDetection', () => {
  it('leaves detection as Whisper does it when nothing narrows it', () => {
    expect(languageDetection({}, 'de')).toBeNull();
    expect(languageDetection({ language: 'auto' }, null)).toBeNull();
  });

  it("fills the fallback from the request, else the account's, else English, among the expected", () => {
    const threshold = { language_confidence_threshold: 0.5 };
    expect(languageDetection({ ...threshold, fallback_language: 'fr' }, 'de')).toEqual({
      expectedLanguages: null,
      confidenceThreshold: 0.5,
      fallbackLanguage: 'fr',
    });
    expect(languageDetection(threshold, 'de')?.fallbackLanguage).toBe('de');
    expect(languageDetection(threshold, null)?.fallbackLanguage).toBe('en');
    // The account's is not expected: English is; then neither is: the first expected.
    const expected = (codes: string[]) => ({ ...threshold, expected_languages: codes });
    expect(languageDetection(expected(['es', 'en', 'es']), 'de')).toEqual({
      expectedLanguages: ['es', 'en'],
      confidenceThreshold: 0.5,
      fallbackLanguage: 'en',
    });
    expect(languageDetection(expected(['es', 'pt']), 'de')?.fallbackLanguage).toBe('es');
    expect(languageDetection(expected(['es', 'de']), 'de')?.fallbackLanguage).toBe('de');
  });
});

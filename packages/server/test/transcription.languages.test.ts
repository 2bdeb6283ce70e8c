/**
 * Narrowed language detection through the API and the real engine (`base`): expected_languages,
 * language_confidence_threshold and fallback_language on POST /v1/transcript and the
 * OpenAI-compatible endpoint, the account's fallback language from Settings, and the refusals.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.js';
import {
  audioForm,
  customer,
  fixture,
  startTranscriptionServer,
  transcribed,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

let server: TestServer;
let alice: Customer;

beforeAll(async () => {
  server = await startTranscriptionServer();
  alice = await customer(server, 500);
});
afterAll(() => server?.close());

/** Transcribes jfk.wav (English, which `base` detects with a probability near 1) with `fields`. */
async function jfkWith(who: Customer, fields: Record<string, string>) {
  const job = await transcribed(server, who, { model: 'base', ...fields }, fixture('jfk.wav'));
  if (!job.result) throw new Error('no result');
  return job.result;
}

describe('expected_languages, language_confidence_threshold and fallback_language', () => {
  it('detects among the expected languages, and says it was sure enough', async () => {
    const result = await jfkWith(alice, {
      expected_languages: JSON.stringify(['en', 'de']),
      language_confidence_threshold: '0.5',
    });
    expect(result).toMatchObject({ language: 'en', detected_language: 'en' });
    expect(result.language_fallback).toBe(false);
    expect(result.language_probability).toBeGreaterThan(0.5);
    expect(result.text.toLowerCase()).toContain('ask not');
  });

  it("falls back to the account's fallback language (Settings) when detection is unsure", async () => {
    const bob = await customer(server, 500);
    const saved = await bob.api.patch('/api/account', { name: 'Bob', fallbackLanguage: 'de' });
    expect(saved.status).toBe(200);
    expect(saved.body.user.fallbackLanguage).toBe('de');
    // English speech where only French and German are expected (the field repeated): Whisper gives
    // either a low probability, under the threshold, so the account's German applies.
    const form = await audioForm(
      { model: 'base', language_confidence_threshold: '0.9' },
      fixture('jfk.wav'),
    );
    form.append('expected_languages', 'fr');
    form.append('expected_languages', 'de');
    const res = await server.client().post('/v1/transcript', form, { headers: bob.auth });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitForJob(server, bob, res.body.id);
    expect(job.result).toMatchObject({ language: 'de', language_fallback: true });
    expect(['fr', 'de']).toContain(job.result?.detected_language);
    expect(job.result?.language_probability).toBeLessThan(0.9);
    expect(job.result?.segments.every((segment) => segment.language === 'de')).toBe(true);
  });

  it('takes them as extension fields on the OpenAI-compatible endpoint', async () => {
    const form = new FormData();
    form.append('file', new Blob([await readFile(fixture('jfk.wav'))]), 'jfk.wav');
    form.append('model', 'base');
    form.append('response_format', 'verbose_json');
    // As the OpenAI SDKs send a list: the field repeated, named with [].
    form.append('expected_languages[]', 'fr');
    form.append('expected_languages[]', 'es');
    form.append('language_confidence_threshold', '0.9');
    form.append('fallback_language', 'es');
    const res = await server
      .client()
      .post('/v1/audio/transcriptions', form, { headers: alice.auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.language).toBe('es');
  });

  it('refuses fields that cannot apply together, or out of range, with 400', async () => {
    const refused = async (fields: Record<string, unknown>, message: string) => {
      const res = await server
        .client()
        .post(
          '/v1/transcript',
          { audio_url: 'https://example.com/a.wav', ...fields },
          { headers: alice.auth },
        );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', message });
    };
    const englishOnly = await server
      .client()
      .post(
        '/v1/transcript',
        { audio_url: 'https://example.com/a.wav', model: 'tiny.en', expected_languages: ['de'] },
        { headers: alice.auth },
      );
    expect(englishOnly.status).toBe(400);
    expect(englishOnly.body).toMatchObject({
      code: 'unsupported_language',
      message: `Model 'tiny.en' is English-only; expected_languages can only be ["en"]`,
    });
    await refused(
      { language: 'en', expected_languages: ['en'] },
      'expected_languages, language_confidence_threshold and fallback_language apply when the language is detected: leave language out',
    );
    await refused(
      { fallback_language: 'de' },
      'fallback_language applies with language_confidence_threshold: send both',
    );
    await refused(
      {
        expected_languages: ['en', 'es'],
        language_confidence_threshold: 0.5,
        fallback_language: 'de',
      },
      'fallback_language must be one of expected_languages',
    );
    await refused(
      { expected_languages: ['english'] },
      "expected_languages.0: must be a language code such as 'en'",
    );
    await refused({ expected_languages: [] }, 'expected_languages needs at least one language');
    await refused(
      { language_confidence_threshold: 1.5 },
      'language_confidence_threshold must be a number from 0 to 1',
    );
  });
});

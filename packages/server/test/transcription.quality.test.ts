/**
 * Quality presets through the API and the real engine: the model a preset picks for a request
 * naming none (among the installed tiny.en and base), a named model kept, the preset said in
 * the transcript, the OpenAI-compatible endpoint's extension field, and the refusal. The beam
 * each preset decodes with is held in transcription.jobs.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  transcribed,
  type Customer,
} from './transcription-helpers.js';

let server: TestServer;
let ann: Customer;

beforeAll(async () => {
  server = await startTranscriptionServer();
  ann = await customer(server, 500);
});
afterAll(() => server?.close());

/** jfk.wav transcribed with `fields`: the transcript's model and quality, and its text. */
async function jfkWith(fields: Record<string, string>) {
  const job = await transcribed(server, ann, fields, fixture('jfk.wav'));
  return { model: job.model, quality: job.quality, text: job.result?.text.toLowerCase() ?? '' };
}

describe('quality', () => {
  it('picks the fastest or the most accurate installed model for a request naming none', async () => {
    const fast = await jfkWith({ language: 'en', quality: 'fast' });
    expect(fast).toMatchObject({ model: 'tiny.en', quality: 'fast' });
    expect(fast.text).toContain('ask not what your country can do for you');
    const best = await jfkWith({ language: 'en', quality: 'best' });
    expect(best).toMatchObject({ model: 'base', quality: 'best' });
    expect(best.text).toContain('ask not what your country can do for you');
    // Without it: balanced, the English default.
    expect(await jfkWith({ language: 'en' })).toMatchObject({
      model: 'tiny.en',
      quality: 'balanced',
    });
  });

  it('keeps a named model, and picks only among models that can serve the request', async () => {
    expect(await jfkWith({ model: 'tiny.en', quality: 'best' })).toMatchObject({
      model: 'tiny.en',
      quality: 'best',
    });
    // Detection needs a multilingual model: fast is base, not the English-only tiny.en.
    expect(await jfkWith({ quality: 'fast' })).toMatchObject({ model: 'base', quality: 'fast' });
  });

  it('is taken as an extension field on the OpenAI-compatible endpoints', async () => {
    /** The model and quality of the transcript an OpenAI-compatible call made. */
    const made = async (endpoint: string, fields: Record<string, string>) => {
      const form = new FormData();
      form.append('file', new Blob([await readFile(fixture('jfk.wav'))]), 'jfk.wav');
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const res = await server.client().post(endpoint, form, { headers: ann.auth });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const list = await server.client().get('/v1/transcript?limit=1', { headers: ann.auth });
      const id = list.body.transcripts[0].id as string;
      const job = await server.client().get(`/v1/transcript/${id}`, { headers: ann.auth });
      return { model: job.body.model, quality: job.body.quality };
    };
    const transcriptions = '/v1/audio/transcriptions';
    expect(
      await made(transcriptions, { model: 'whisper-1', language: 'en', quality: 'best' }),
    ).toEqual({ model: 'base', quality: 'best' });
    expect(await made(transcriptions, { model: 'tiny.en', quality: 'fast' })).toEqual({
      model: 'tiny.en',
      quality: 'fast',
    });
    // Translation needs a multilingual model: even the fast one is base here.
    expect(await made('/v1/audio/translations', { model: 'whisper-1', quality: 'fast' })).toEqual({
      model: 'base',
      quality: 'fast',
    });
  });

  it('refuses a preset it does not have, with 400', async () => {
    const res = await server
      .client()
      .post(
        '/v1/transcript',
        { audio_url: 'https://example.com/a.wav', quality: 'ultra' },
        { headers: ann.auth },
      );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.message).toMatch(/quality.*"fast"\|"balanced"\|"best"/);
  });
});

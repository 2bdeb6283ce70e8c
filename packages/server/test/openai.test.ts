/** The OpenAI-compatible endpoint, driven by the official `openai` SDK against the real engine. */
import { createReadStream } from 'node:fs';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  type Customer,
} from './transcription-helpers.js';

let server: TestServer;
let alice: Customer;
let openai: OpenAI;

const sdk = (who: Customer) =>
  new OpenAI({
    apiKey: who.auth.authorization.replace('Bearer ', ''),
    baseURL: `${server.url}/v1`,
    maxRetries: 0,
  });

beforeAll(async () => {
  server = await startTranscriptionServer();
  alice = await customer(server, 200);
  openai = sdk(alice);
});
afterAll(() => server?.close());

describe('POST /v1/audio/transcriptions (openai SDK)', () => {
  it('json: whisper-1 maps to the default model and answers synchronously', async () => {
    const result = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.wav')),
      model: 'whisper-1',
    });
    expect(result.text.toLowerCase()).toContain('ask not what your country can do for you');
    const list = await alice.api.get('/api/transcript/user');
    expect(list.body.transcriptions[0]).toMatchObject({
      model: 'tiny.en',
      status: 'completed',
      fileName: 'jfk.wav',
    });
  });

  it('verbose_json with word and segment timestamps', async () => {
    const result = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.mp3')),
      model: 'tiny.en',
      language: 'en',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    expect(result.language).toBe('en');
    expect(result.duration).toBeCloseTo(11, 0);
    expect(result.words?.[0]).toMatchObject({
      word: expect.any(String),
      start: expect.any(Number),
      end: expect.any(Number),
    });
    expect(result.segments?.[0]).toMatchObject({ id: 0, start: 0, text: expect.any(String) });
  });

  it('text and srt come back as plain strings', async () => {
    const text = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('LJ002-0035.wav')),
      model: 'whisper-1',
      response_format: 'text',
    });
    expect(typeof text).toBe('string');
    expect(text.toLowerCase()).toContain('press yard');
    const srt = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('LJ002-0035.wav')),
      model: 'whisper-1',
      response_format: 'srt',
    });
    expect(srt).toMatch(/^1\n00:00:00,\d{3} --> /);
  });

  it('gives the prompt to the model as its initial prompt', async () => {
    const shouted = await openai.audio.transcriptions.create({
      file: createReadStream(fixture('jfk.wav')),
      model: 'whisper-1',
      prompt: 'ASK NOT WHAT YOUR COUNTRY CAN DO FOR YOU',
    });
    expect(shouted.text).toBe(shouted.text.toUpperCase());
    expect(shouted.text).toContain('ASK WHAT YOU CAN DO FOR YOUR COUNTRY');

    const tooLong = await openai.audio.transcriptions
      .create({
        file: createReadStream(fixture('jfk.wav')),
        model: 'whisper-1',
        prompt: 'x'.repeat(1001),
      })
      .catch((e: unknown) => e);
    expect(tooLong).toBeInstanceOf(OpenAI.BadRequestError);
    expect((tooLong as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      message: 'prompt must be at most 1000 characters',
      code: 'invalid_prompt',
    });
  });

  it("errors use OpenAI's shape and map to the SDK's error classes", async () => {
    const badKey = new OpenAI({
      apiKey: 'pk_live_wrong',
      baseURL: `${server.url}/v1`,
      maxRetries: 0,
    });
    const unauthorized = await badKey.audio.transcriptions
      .create({ file: createReadStream(fixture('jfk.wav')), model: 'whisper-1' })
      .catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((unauthorized as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      param: null,
    });

    const badModel = await openai.audio.transcriptions
      .create({ file: createReadStream(fixture('jfk.wav')), model: 'gpt-4o-transcribe' })
      .catch((e: unknown) => e);
    expect(badModel).toBeInstanceOf(OpenAI.BadRequestError);
    expect((badModel as InstanceType<typeof OpenAI.APIError>).message).toContain('Unknown model');

    const broke = sdk(await customer(server, 0));
    const noCredit = await broke.audio.transcriptions
      .create({ file: createReadStream(fixture('jfk.wav')), model: 'whisper-1' })
      .catch((e: unknown) => e);
    expect(noCredit).toBeInstanceOf(OpenAI.APIError);
    expect(noCredit).toMatchObject({
      status: 402,
      error: { type: 'insufficient_quota', code: 'insufficient_credits' },
    });
  });
});

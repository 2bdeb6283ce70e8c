import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, type ApiErrorCode } from '@parlance/contract/endpoints';
import { DomainError } from '../src/domainErrors.js';
import { registerErrorHandling } from '../src/http/errorHandler.js';

/** Written out here, not read from the table: a changed status must fail this test. */
const expectedStatus: [ApiErrorCode, number][] = [
  ['invalid_model', 400],
  ['insufficient_credits', 402],
  ['not_found', 404],
  ['account_owes', 409],
  ['audio_too_long', 413],
  ['unsupported_audio', 422],
  ['engine_unavailable', 503],
];

describe('domain errors over HTTP', () => {
  const app = Fastify({ logger: false });
  let thrown: Error = new Error('unset');

  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/throw', async () => {
      throw thrown;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const answer = async (error: Error) => {
    thrown = error;
    const res = await app.inject({ method: 'GET', url: '/throw' });
    return { status: res.statusCode, headers: res.headers, body: res.json() as unknown };
  };

  it.each(expectedStatus)('answers code %s with status %i', async (code, status) => {
    const res = await answer(new DomainError(code, 'A message for the user'));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message: 'A message for the user', code });
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('sends details in the body and a retry time as Retry-After', async () => {
    const res = await answer(
      new DomainError('engine_unavailable', 'Try again shortly', {
        details: { queue: 3 },
        retryAfterSeconds: 30,
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toEqual({
      message: 'Try again shortly',
      code: 'engine_unavailable',
      details: { queue: 3 },
    });
  });

  it('still hides the text of an error that is neither a domain nor an HTTP error', async () => {
    const res = await answer(new Error('connection string postgres://secret@db'));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: 'Something went wrong on our side',
      code: 'internal_error',
    });
  });

  it('every code has a 4xx or 5xx status and says what it means', () => {
    for (const [code, { status, meaning }] of Object.entries(API_ERRORS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(meaning.length, code).toBeGreaterThan(10);
    }
  });
});

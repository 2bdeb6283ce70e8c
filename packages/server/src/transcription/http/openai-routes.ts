import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireApiKeyOrSession } from '../../auth/guards.js';
import { OpenAiError, TranscriptPrompt } from '../../contract/transcription.js';
import type { Database } from '../../db/index.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { toSubtitles } from '../formats.js';
import { findTranscriptionById } from '../jobs/repository.js';
import { expirySeconds } from '../jobs/queue.js';
import type { TranscriptRouteOptions } from './transcript-routes.js';
import { submitTranscription } from '../submit.js';
import { field, readMultipart } from './multipart.js';

const FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
type Format = (typeof FORMATS)[number];
const POLL_MS = 250;

const errorType = (status: number) =>
  status === 402 ? 'insufficient_quota' : status >= 500 ? 'server_error' : 'invalid_request_error';

function openAiError(
  status: number,
  message: string,
  code: string | null,
  param: string | null = null,
): OpenAiError {
  return { error: { message, type: errorType(status), param, code } };
}

/** Polls the job row (workers may be other processes) until it completes or fails. */
async function waitForJob(
  db: Database,
  id: string,
  deadline: number,
  signal: AbortSignal,
): Promise<TranscriptionRow> {
  for (;;) {
    const row = await findTranscriptionById(db, id);
    if (!row)
      throw new HttpError(404, 'not_found', 'The transcription was deleted while in progress');
    if (row.status === 'completed' || row.status === 'error') return row;
    if (Date.now() > deadline)
      throw new HttpError(
        504,
        'timeout',
        `Transcription ${id} is still ${row.status}; poll GET /v1/transcript/${id}`,
      );
    await sleep(POLL_MS, undefined, { signal });
  }
}

function render(row: TranscriptionRow, format: Format, granularities: string[]): string | object {
  const result = row.result;
  if (!result) throw new Error('completed job without result');
  switch (format) {
    case 'text':
      return `${result.text}\n`;
    case 'srt':
    case 'vtt':
      return toSubtitles(format, result);
    case 'json':
      return { text: result.text };
    case 'verbose_json':
      return {
        task: 'transcribe',
        language: result.language,
        duration: row.audioDurationSeconds,
        text: result.text,
        ...(granularities.includes('segment') || !granularities.includes('word')
          ? { segments: result.segments.map((s, id) => ({ id, ...s })) }
          : {}),
        ...(granularities.includes('word')
          ? { words: result.words.map((w) => ({ word: w.text, start: w.start, end: w.end })) }
          : {}),
      };
  }
}

/**
 * OpenAI-compatible `POST /v1/audio/transcriptions`: synchronous (submits a job and waits
 * for it), OpenAI's error shape, `whisper-1` mapped to the default model, `prompt` given to the
 * model as its initial prompt.
 */
export const openAiRoutes: FastifyPluginAsyncZod<TranscriptRouteOptions> = async (
  app,
  { runtime, catalog },
) => {
  const { config } = runtime;
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'openai-compatible request failed');
    const message =
      status >= 500 && !(error instanceof HttpError)
        ? 'Something went wrong on our side'
        : error.message;
    const code = error instanceof HttpError ? error.code : (error.code ?? '').toLowerCase() || null;
    return reply.code(status).send(openAiError(status, message, code));
  });
  app.addHook('preHandler', requireApiKeyOrSession);

  app.post(
    '/v1/audio/transcriptions',
    {
      schema: {
        tags: ['openai'],
        security: [{ apiKey: [] }],
        summary:
          'OpenAI-compatible transcription (multipart: file, model, language, prompt, response_format, timestamp_granularities[])',
        response: {
          200: z.unknown().describe('json, verbose_json (objects) or text, srt, vtt (plain text)'),
          400: OpenAiError,
          401: OpenAiError,
          402: OpenAiError,
          413: OpenAiError,
          500: OpenAiError,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart())
        throw badRequest('invalid_content_type', 'Send multipart/form-data with a file');
      const form = await readMultipart(request, runtime.blobs, config.maxUploadBytes);
      const format = (field(form, 'response_format') ?? 'json') as Format;
      const granularities =
        form.fields.get('timestamp_granularities[]') ??
        form.fields.get('timestamp_granularities') ??
        [];
      const requested = field(form, 'model') ?? 'whisper-1';
      if (!form.file) throw badRequest('missing_file', 'file is required');
      const prompt = TranscriptPrompt.optional().safeParse(field(form, 'prompt'));
      if (!prompt.success)
        throw badRequest('invalid_prompt', prompt.error.issues[0]?.message ?? 'prompt is invalid');
      if (!FORMATS.includes(format)) {
        throw badRequest(
          'invalid_response_format',
          `response_format must be one of ${FORMATS.join(', ')}`,
        );
      }
      const { row } = await submitTranscription(runtime, catalog, {
        userId: user.id,
        model: requested === 'whisper-1' ? config.defaultModel : requested,
        language: field(form, 'language')?.trim().toLowerCase() || undefined,
        prompt: prompt.data?.trim() || undefined,
        timestampStyle: granularities.includes('word') ? 'word' : 'segment',
        webhookUrl: undefined,
        idempotencyKey: undefined,
        audio: { kind: 'upload', ...form.file },
      });
      const aborted = new AbortController();
      reply.raw.once('close', () => aborted.abort());
      const deadline = Date.now() + expirySeconds(config, row.audioDurationSeconds) * 1000;
      const done = await waitForJob(runtime.storage.db, row.id, deadline, aborted.signal);
      if (done.status === 'error') {
        const status = done.errorMessage?.startsWith('Insufficient credits') ? 402 : 500;
        throw new HttpError(
          status,
          'transcription_failed',
          done.errorMessage ?? 'Transcription failed',
        );
      }
      const body = render(done, format, granularities);
      if (typeof body === 'string')
        reply.type(format === 'vtt' ? 'text/vtt; charset=utf-8' : 'text/plain; charset=utf-8');
      return reply.send(body);
    },
  );
};

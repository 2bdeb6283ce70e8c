import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireApiKeyOrSession } from '../../auth/guards.js';
import { OpenAiError, TranscriptPrompt } from '../../contract/transcription.js';
import type { Database } from '../../db/index.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { toSubtitles } from '../formats.js';
import { abandonTranscription, findTranscriptionById } from '../jobs/repository.js';
import { expirySeconds } from '../jobs/queue.js';
import { submitTranscription } from '../submit.js';
import { apiLimits } from './limits.js';
import { field, withMultipart } from './multipart.js';
import { idempotencyKeyOf, type TranscriptRouteOptions } from './transcriptRoutes.js';

const FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
type Format = (typeof FORMATS)[number];
const POLL_MS = 250;
const CANCELLED = 'Cancelled: the client closed the connection before the transcription finished';

function errorType(status: number): string {
  if (status === 402) return 'insufficient_quota';
  if (status === 429) return 'requests';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

/** OpenAI's codes where its clients look for them. */
const OPENAI_CODES: Record<string, string> = { rate_limited: 'rate_limit_exceeded' };

// nginx's "client closed request": never delivered, and logged as the client's doing, not ours.
const clientClosed = () =>
  new HttpError(499, 'client_closed_request', 'The client closed the connection');

/** Aborts when the connection closes before the answer has been sent. */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

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
    await sleep(POLL_MS, undefined, { signal }).catch(() => {
      throw clientClosed();
    });
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
 * model as its initial prompt. A caller that disconnects cancels its job (never charged); an
 * `Idempotency-Key` retry waits for the first call's job instead of starting another.
 */
export const openAiRoutes: FastifyPluginAsyncZod<TranscriptRouteOptions> = async (
  app,
  { runtime, catalog },
) => {
  const { config } = runtime;
  const { db } = runtime.storage;
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'openai-compatible request failed');
    const message =
      status >= 500 && !(error instanceof HttpError)
        ? 'Something went wrong on our side'
        : error.message;
    const code = error instanceof HttpError ? error.code : (error.code ?? '').toLowerCase() || null;
    return reply
      .code(status)
      .headers(error instanceof HttpError ? error.headers : {})
      .send(openAiError(status, message, code && (OPENAI_CODES[code] ?? code)));
  });
  const limits = apiLimits(app);
  app.addHook('onRequest', limits.perIp);
  app.addHook('preHandler', requireApiKeyOrSession);
  app.addHook('preHandler', limits.perCaller);

  /**
   * Jobs this endpoint started in this process, with how many of its requests wait for each (an
   * Idempotency-Key retry joins the first). The last of them to leave early cancels the job; a
   * job started elsewhere (POST /v1/transcript, another process) is never cancelled from here.
   */
  const waiters = new Map<string, number>();

  async function waitAsCaller(
    userId: string,
    row: TranscriptionRow,
    created: boolean,
    gone: AbortSignal,
  ): Promise<TranscriptionRow> {
    const joins = created || waiters.has(row.id);
    if (joins) waiters.set(row.id, (waiters.get(row.id) ?? 0) + 1);
    const deadline = Date.now() + expirySeconds(config, row.audioDurationSeconds) * 1000;
    try {
      return await waitForJob(db, row.id, deadline, gone);
    } finally {
      if (joins) await leave(userId, row.id, gone.aborted);
    }
  }

  async function leave(userId: string, id: string, disconnected: boolean): Promise<void> {
    const left = (waiters.get(id) ?? 1) - 1;
    if (left > 0) {
      waiters.set(id, left);
      return;
    }
    waiters.delete(id);
    if (disconnected) await abandonTranscription(db, userId, id, CANCELLED);
  }

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
          ...Object.fromEntries(
            [400, 401, 402, 404, 408, 409, 413, 422, 429, 500, 503, 504].map((status) => [
              status,
              OpenAiError,
            ]),
          ),
        },
      },
      ...limits.submission,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      if (!request.isMultipart())
        throw badRequest('invalid_content_type', 'Send multipart/form-data with a file');
      const gone = clientGone(reply);
      return withMultipart(request, runtime.blobs, config.maxUploadBytes, async (form) => {
        const format = (field(form, 'response_format') ?? 'json') as Format;
        const granularities =
          form.fields.get('timestamp_granularities[]') ??
          form.fields.get('timestamp_granularities') ??
          [];
        const requested = field(form, 'model') ?? 'whisper-1';
        if (!form.file) throw badRequest('missing_file', 'file is required');
        const prompt = TranscriptPrompt.optional().safeParse(field(form, 'prompt'));
        if (!prompt.success)
          throw badRequest(
            'invalid_prompt',
            prompt.error.issues[0]?.message ?? 'prompt is invalid',
          );
        if (!FORMATS.includes(format)) {
          throw badRequest(
            'invalid_response_format',
            `response_format must be one of ${FORMATS.join(', ')}`,
          );
        }
        const { row, created } = await submitTranscription(runtime, catalog, {
          userId: user.id,
          model: requested === 'whisper-1' ? config.defaultModel : requested,
          language: field(form, 'language')?.trim().toLowerCase() || undefined,
          prompt: prompt.data?.trim() || undefined,
          timestampStyle: granularities.includes('word') ? 'word' : 'segment',
          webhookUrl: undefined,
          idempotencyKey,
          audio: { kind: 'upload', ...form.file },
        });
        const done = await waitAsCaller(user.id, row, created, gone);
        if (done.status === 'error') {
          if (done.progressStage === 'cancelled') {
            // Another caller's job this request joined: a new attempt starts a fresh one.
            throw new HttpError(409, 'transcription_cancelled', done.errorMessage ?? CANCELLED);
          }
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
      });
    },
  );
};

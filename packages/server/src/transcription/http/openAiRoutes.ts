import type { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentAccount,
  currentApiKeyId,
  currentUser,
  requireApiKeyOrSession,
} from '../../auth/guards.js';
import {
  type OpenAiError,
  TranscriptPrompt,
  TranscriptRequest,
  transcriptOperations,
  type TranscriptionTask,
} from '@parlance/contract';
import type { Database } from '../../db/index.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import type { DomainError } from '../../domainErrors.js';
import { clientError, HttpError } from '../../http/errors.js';
import { serve } from '../../http/operation.js';
import { toSubtitles } from '../formats.js';
import { abandonTranscription, markTextStreamed } from '../jobs/repository.js';
import { isFinished } from '../jobs/watch.js';
import { clientGone, watchJobForClient } from './clientGone.js';
import { expirySeconds } from '../jobs/queue.js';
import { languageDetection } from '../languageDetection.js';
import { submitTranscription } from '../submit.js';
import { validationMessage } from '../../validationMessage.js';
import { apiLimits } from './limits.js';
import { field, withMultipart } from './multipart.js';
import { formFields, idempotencyKeyOf, type TranscriptRouteOptions } from './transcriptRoutes.js';
import { isSpendLimitMessage } from '../pricing.js';

/** Parlance's extension fields: their meaning is POST /v1/transcript's. */
const ExtensionFields = TranscriptRequest.pick({
  quality: true,
  expected_languages: true,
  language_confidence_threshold: true,
  fallback_language: true,
});

const FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
type Format = (typeof FORMATS)[number];
const CANCELLED = 'Cancelled: the client closed the connection before the transcription finished';

function errorType(status: number): string {
  if (status === 402) return 'insufficient_quota';
  if (status === 429) return 'requests';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

/** OpenAI's codes where its clients look for them. */
const OPENAI_CODES: Record<string, string> = { rate_limited: 'rate_limit_exceeded' };

function openAiError(
  status: number,
  message: string,
  code: string | null,
  param: string | null = null,
): OpenAiError {
  return { error: { message, type: errorType(status), param, code } };
}

/**
 * The job once it completes or fails: 404 when it is deleted meanwhile, 504 at `deadline`, 499
 * when the client goes away.
 */
async function waitForJob(
  db: Database,
  finished: EventEmitter,
  id: string,
  deadline: number,
  signal: AbortSignal,
  onRow: (row: TranscriptionRow) => void,
): Promise<TranscriptionRow> {
  const row = await watchJobForClient(db, finished, id, { deadline, signal, onRow });
  if (!row) throw new HttpError('not_found', 'The transcription was deleted while in progress');
  if (isFinished(row)) return row;
  throw new HttpError(
    'timeout',
    `Transcription ${id} is still ${row.status}; poll GET /v1/transcript/${id}`,
  );
}

/** The error a failed job is answered with. */
function failureOf(done: TranscriptionRow): HttpError {
  if (done.progressStage === 'cancelled') {
    // Another caller's job this request joined: a new attempt starts a fresh one.
    return new HttpError('transcription_cancelled', done.errorMessage ?? CANCELLED);
  }
  const message = done.errorMessage ?? '';
  const code = message.startsWith('Insufficient credits')
    ? 'insufficient_credits'
    : isSpendLimitMessage(message)
      ? 'spend_limit_reached'
      : 'transcription_failed';
  return new HttpError(code, done.errorMessage ?? 'Transcription failed');
}

/** One server-sent event, as OpenAI's clients read them (`data:` lines of JSON). */
const sse = (data: object) => `data: ${JSON.stringify(data)}\n\n`;

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
 * model as its initial prompt. A caller that disconnects before it has received any text cancels
 * its job (never charged); text streamed to it is paid for: its job runs to the end, is charged
 * and stays in its history. An `Idempotency-Key` retry waits for the first call's job instead of
 * starting another.
 */
export const openAiRoutes: FastifyPluginAsyncZod<TranscriptRouteOptions> = async (
  app,
  { runtime, catalog },
) => {
  const { config } = runtime;
  const { db } = runtime.storage;
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    const known = clientError(error);
    const status = known?.statusCode ?? (error as FastifyError).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'openai-compatible request failed');
    const message = status >= 500 && !known ? 'Something went wrong on our side' : error.message;
    const code = known ? known.code : (error.code ?? '').toLowerCase() || null;
    return reply
      .code(status)
      .headers(known ? known.headers : {})
      .send(openAiError(status, message, code && (OPENAI_CODES[code] ?? code)));
  });
  const limits = apiLimits(app);
  app.addHook('onRequest', limits.perIp);
  app.addHook('preHandler', requireApiKeyOrSession);
  app.addHook('preHandler', limits.perCaller);

  /**
   * Jobs this endpoint started in this process, with how many of its requests wait for each (an
   * Idempotency-Key retry joins the first). The last of them to leave early cancels the job,
   * unless one of them was streamed text; a job started elsewhere (POST /v1/transcript, another
   * process) is never cancelled from here.
   */
  const waiters = new Map<string, number>();
  /**
   * Jobs of `waiters` whose text a streamed answer has begun to send, with the write that records
   * it in the job's row (markTextStreamed: other processes and DELETE go by it): not cancelled.
   */
  const delivered = new Map<string, Promise<void>>();

  async function waitAsCaller(
    userId: string,
    row: TranscriptionRow,
    created: boolean,
    gone: AbortSignal,
    onRow: (row: TranscriptionRow) => void = () => undefined,
  ): Promise<TranscriptionRow> {
    const joins = created || waiters.has(row.id);
    if (joins) waiters.set(row.id, (waiters.get(row.id) ?? 0) + 1);
    const deadline = Date.now() + expirySeconds(config, row.audioDurationSeconds) * 1000;
    try {
      return await waitForJob(db, runtime.finished, row.id, deadline, gone, onRow);
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
    const marking = delivered.get(id);
    delivered.delete(id);
    if (marking) await marking;
    else if (disconnected) await abandonTranscription(db, userId, id, CANCELLED);
  }

  /**
   * `stream=true`, as OpenAI streams a transcription: server-sent events, a
   * `transcript.text.delta` with each piece of text the worker has decoded (read from the job
   * row, so workers may be other processes), then `transcript.text.done` with the whole text. A
   * failure after the stream has begun is an `error` event, which the official SDKs raise.
   */
  function streamAnswer(
    reply: FastifyReply,
    userId: string,
    row: TranscriptionRow,
    created: boolean,
    gone: AbortSignal,
  ): FastifyReply {
    const events = new PassThrough();
    let sent = '';
    let marked = false;
    const tell = (text: string) => {
      if (text.length <= sent.length || !text.startsWith(sent)) return;
      events.write(
        sse({ type: 'transcript.text.delta', delta: text.slice(sent.length), logprobs: null }),
      );
      sent = text;
      if (marked) return;
      marked = true;
      const marking = markTextStreamed(db, row.id).catch((err: unknown) =>
        reply.log.error({ err }, 'could not record that a job’s text was streamed'),
      );
      if (waiters.has(row.id) && !delivered.has(row.id)) delivered.set(row.id, marking);
    };
    const failed = (err: HttpError) =>
      events.write(sse(openAiError(err.statusCode, err.message, err.code)));
    void waitAsCaller(userId, row, created, gone, (current) =>
      tell(
        current.status === 'completed' ? (current.result?.text ?? '') : (current.partialText ?? ''),
      ),
    )
      .then((done) => {
        if (done.status !== 'completed') return failed(failureOf(done));
        const text = done.result?.text ?? '';
        events.write(
          sse({
            type: 'transcript.text.done',
            text,
            logprobs: null,
            usage: { type: 'duration', seconds: Math.ceil(done.audioDurationSeconds ?? 0) },
          }),
        );
      })
      .catch((err: unknown) => {
        if (gone.aborted) return;
        reply.log.error({ err }, 'streamed transcription failed');
        failed(
          clientError(err) ?? new HttpError('internal_error', 'Something went wrong on our side'),
        );
      })
      .finally(() => events.end());
    return reply
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .type('text/event-stream; charset=utf-8')
      .send(events);
  }

  /**
   * Both OpenAI endpoints: the upload becomes a job like any other, and the answer waits for it.
   * A translation takes no language (any is heard) and does not stream, as OpenAI's does not.
   */
  function answer(task: TranscriptionTask) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const user = currentUser(request);
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      if (!request.isMultipart())
        throw new HttpError('invalid_content_type', 'Send multipart/form-data with a file');
      const gone = clientGone(reply);
      return withMultipart(request, runtime.blobs, config.maxUploadBytes, async (form) => {
        const format = (field(form, 'response_format') ?? 'json') as Format;
        const granularities =
          task === 'translate'
            ? []
            : (form.fields.get('timestamp_granularities[]') ??
              form.fields.get('timestamp_granularities') ??
              []);
        const requested = field(form, 'model') ?? 'whisper-1';
        const stream = task === 'transcribe' && field(form, 'stream') === 'true';
        if (!form.file) throw new HttpError('missing_file', 'file is required');
        const prompt = TranscriptPrompt.optional().safeParse(field(form, 'prompt'));
        if (!prompt.success)
          throw new HttpError(
            'invalid_prompt',
            prompt.error.issues[0]?.message ?? 'prompt is invalid',
          );
        if (!FORMATS.includes(format)) {
          throw new HttpError(
            'invalid_response_format',
            `response_format must be one of ${FORMATS.join(', ')}`,
          );
        }
        if (stream && format !== 'json' && format !== 'text') {
          throw new HttpError(
            'invalid_response_format',
            'stream=true answers with transcript.text events: response_format must be json or text',
          );
        }
        const language =
          task === 'translate'
            ? undefined
            : field(form, 'language')?.trim().toLowerCase() || undefined;
        // Parlance's extension fields, which OpenAI's SDKs send as extra body fields.
        const extensions = ExtensionFields.safeParse(formFields(form));
        if (!extensions.success)
          throw new HttpError('validation_failed', validationMessage(extensions.error, 'request'));
        const { quality, ...narrowing } = extensions.data;
        const detection = languageDetection(
          { language, ...narrowing },
          currentAccount(request).fallbackLanguage,
        );
        const { row, created } = await submitTranscription(runtime, catalog, {
          userId: user.id,
          apiKeyId: currentApiKeyId(request),
          model: requested === 'whisper-1' ? undefined : requested,
          quality,
          language,
          detection,
          prompt: prompt.data?.trim() || undefined,
          timestampStyle: granularities.includes('word') ? 'word' : 'segment',
          task,
          webhookUrl: undefined,
          idempotencyKey,
          audio: { kind: 'upload', ...form.file },
        });
        if (stream) return streamAnswer(reply, user.id, row, created, gone);
        const done = await waitAsCaller(user.id, row, created, gone);
        if (done.status === 'error') throw failureOf(done);
        const body = render(done, format, granularities);
        if (typeof body === 'string')
          reply.type(format === 'vtt' ? 'text/vtt; charset=utf-8' : 'text/plain; charset=utf-8');
        return reply.send(body);
      });
    };
  }

  serve(app, transcriptOperations.openAiTranscriptions, answer('transcribe'), limits.submission);
  serve(app, transcriptOperations.openAiTranslations, answer('translate'), limits.submission);
};

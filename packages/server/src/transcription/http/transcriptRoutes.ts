import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  currentAccount,
  currentApiKeyId,
  currentUser,
  requireApiKeyOrSession,
} from '../../auth/guards.js';
import { PiiPolicy, TranscriptRequest, transcriptOperations } from '@parlance/contract';
import {
  MAX_TRANSCRIPT_WAITS_PER_ACCOUNT,
  paragraphsOf,
  published,
  sentencesOf,
} from '@parlance/contract/endpoints';
import { HttpError, notFound } from '../../http/errors.js';
import { serve } from '../../http/operation.js';
import { captionStyle, toSubtitles, toText } from '../formats.js';
import { byteRange } from '../../http/byteRange.js';
import { fileNamed } from '../../http/download.js';
import { audioType } from '../audioType.js';
import { deleteAudioOf, isRunning } from '../retention.js';
import {
  deleteTranscriptionAndAudio,
  findAudio,
  findTranscription,
  nameSpeakers,
  pageTranscriptions,
} from '../jobs/repository.js';
import type { ModelCatalog } from '../models.js';
import type { TranscriptionRuntime } from '../runtime.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import { validationMessage } from '../../validationMessage.js';
import { languageDetection } from '../languageDetection.js';
import { submitTranscription, type AudioSource } from '../submit.js';
import type { Uploads } from '../uploads.js';
import { apiLimits } from './limits.js';
import { withMultipart, type MultipartForm } from './multipart.js';
import { isFinished } from '../jobs/watch.js';
import { clientGone, watchJobForClient } from './clientGone.js';
import { toSummary, toTranscript } from './present.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const transcriptNotFound = () => notFound('Transcript not found');
/**
 * The audio's file name: the upload's, or for a redact_pii_audio copy (FLAC, whatever was sent)
 * the upload's with ".redacted.flac" for its extension.
 */
function audioName(row: Pick<TranscriptionRow, 'id' | 'fileName' | 'redaction'>) {
  const name = row.fileName ?? `${row.id}.audio`;
  return row.redaction?.audio ? `${name.replace(/\.[^.]*$/, '')}.redacted.flac` : name;
}

/** A Content-Disposition showing a download inline under a name made safe for the header. */

export interface TranscriptRouteOptions {
  runtime: TranscriptionRuntime;
  catalog: ModelCatalog;
}

/** The checked Idempotency-Key header; both submission endpoints give it to submitTranscription. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new HttpError(
      'invalid_idempotency_key',
      'Idempotency-Key must be 1 to 255 printable ASCII characters',
    );
  }
  return header;
}

/** The multipart fields that carry lists. */
const LIST_FIELDS = ['keyterms', 'expected_languages', 'redact_pii'] as const;

/**
 * Multipart fields as the JSON body would carry them: one value each, but LIST_FIELDS lists (the
 * field repeated, as `name` or `name[]`, each value an item or a JSON array of items).
 */
export function formFields(form: MultipartForm): Record<string, unknown> {
  const raw: Record<string, unknown> = Object.fromEntries(
    [...form.fields].map(([name, values]) => [name, values[0]]),
  );
  for (const name of LIST_FIELDS) {
    // The OpenAI SDKs send a list as the field repeated under `name[]`.
    const values = [...(form.fields.get(name) ?? []), ...(form.fields.get(`${name}[]`) ?? [])];
    if (values.length === 0) continue;
    raw[name] = values.flatMap((value) => {
      if (!value.trimStart().startsWith('[')) return [value];
      try {
        const parsed: unknown = JSON.parse(value);
        return Array.isArray(parsed) ? parsed : [value];
      } catch {
        throw new HttpError('validation_failed', `${name}: is not a valid JSON array`);
      }
    });
  }
  return raw;
}

/** Multipart (file or audio_url) or JSON (audio_url) → the validated request and its audio. */
function parseRequest(
  form: MultipartForm | undefined,
  body: unknown,
): { fields: TranscriptRequest; audio?: AudioSource } {
  const raw = form ? formFields(form) : (body ?? {});
  const parsed = TranscriptRequest.safeParse(raw);
  if (!parsed.success)
    throw new HttpError('validation_failed', validationMessage(parsed.error, 'request'));
  const fields = parsed.data;
  const file = form?.file;
  if (fields.speakers_expected !== undefined && !(fields.speaker_labels ?? fields.diarize))
    throw new HttpError('validation_failed', 'speakers_expected needs speaker_labels=true');
  if (fields.disfluencies && fields.language !== 'en' && !fields.model?.endsWith('.en'))
    throw new HttpError(
      'validation_failed',
      'disfluencies needs language=en or an English-only model: its prompt is English',
    );
  if (fields.multichannel && (fields.speaker_labels ?? fields.diarize))
    throw new HttpError(
      'validation_failed',
      'multichannel and speaker_labels cannot be combined: with multichannel, each channel is a speaker',
    );
  if (fields.redact_pii_audio && !fields.redact_pii)
    throw new HttpError('validation_failed', 'redact_pii_audio needs redact_pii');
  if ([file, fields.audio_url, fields.upload_id].filter(Boolean).length > 1)
    throw new HttpError(
      'audio_conflict',
      'Send one of a file, an audio_url or an upload_id, not more',
    );
  if (file) return { fields, audio: { kind: 'upload', ...file } };
  if (fields.audio_url) return { fields, audio: { kind: 'url', url: fields.audio_url } };
  return { fields };
}

/** Why a live stream's transcript has no audio to play or delete. */
const LIVE_KEEPS_NO_AUDIO = 'Live streams keep no audio: only their transcript is saved';

export const transcriptRoutes: FastifyPluginAsyncZod<
  TranscriptRouteOptions & { uploads: Uploads }
> = async (app, { runtime, catalog, uploads }) => {
  const { db } = runtime.storage;
  const limits = apiLimits(app);
  app.addHook('onRequest', limits.perIp);
  app.addHook('preHandler', requireApiKeyOrSession);
  app.addHook('preHandler', limits.perCaller);

  /** The user's completed transcript; a 404, or a 409 saying `what` waits for it to complete. */
  const completed = async (userId: string, id: string, what: string) => {
    const row = await findTranscription(db, userId, id);
    if (!row) throw transcriptNotFound();
    if (row.status !== 'completed' || !row.result) {
      throw new HttpError(
        'transcript_not_ready',
        `Transcript is ${row.status}; ${what} are available once it is completed`,
      );
    }
    return { ...row, result: row.result };
  };

  serve(app, transcriptOperations.page, async (request) => {
    const { limit, status, created_after, created_before, cursor } = request.query;
    const { rows, nextCursor } = await pageTranscriptions(db, currentUser(request).id, {
      limit,
      status,
      createdAfter: created_after ? new Date(created_after) : undefined,
      createdBefore: created_before ? new Date(created_before) : undefined,
      cursor,
    });
    return {
      transcripts: rows.map(toSummary),
      has_more: nextCursor !== null,
      next_cursor: nextCursor,
    };
  });

  serve(
    app,
    transcriptOperations.submit,
    async (request, reply) => {
      const user = currentUser(request);
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      const accept = async (form?: MultipartForm) => {
        const { fields, audio } = parseRequest(form, request.body);
        const detection = languageDetection(fields, currentAccount(request).fallbackLanguage);
        const submit = (source: AudioSource) =>
          submitTranscription(runtime, catalog, {
            userId: user.id,
            apiKeyId: currentApiKeyId(request),
            model: fields.model,
            language: fields.language,
            detection,
            prompt: fields.prompt,
            keyterms: fields.keyterms,
            timestampStyle: fields.timestamp_style,
            redaction: fields.redact_pii && {
              // Each policy once, in the contract's order.
              policies: PiiPolicy.options.filter((p) => fields.redact_pii!.includes(p)),
              sub: fields.redact_pii_sub,
              audio: fields.redact_pii_audio ?? false,
            },
            filterProfanity: fields.filter_profanity ?? false,
            disfluencies: fields.disfluencies ?? false,
            quality: fields.quality,
            task: fields.task,
            speakerLabels: fields.speaker_labels ?? fields.diarize ?? false,
            speakersExpected: fields.speakers_expected,
            multichannel: fields.multichannel ?? false,
            webhookUrl: fields.webhook_url,
            deleteAudioAfter: fields.delete_audio_after,
            deleteAfter: fields.delete_after,
            idempotencyKey,
            audio: source,
          });
        const { upload_id: uploadId } = fields;
        const source: AudioSource | undefined = uploadId
          ? { kind: 'resumable', take: (staged) => uploads.take(user.id, uploadId, staged) }
          : audio;
        if (!source)
          throw new HttpError(
            'audio_required',
            'Send an audio file (field "file"), an audio_url or an upload_id',
          );
        const { row, created } = await submit(source);
        return reply
          .code(created ? 202 : 200)
          .send(await toTranscript(db, row, runtime.config.maxRunningPerAccount));
      };
      return request.isMultipart()
        ? withMultipart(request, runtime.blobs, runtime.config.maxUploadBytes, accept)
        : accept();
    },
    // The body's schema is the document's: parseRequest checks both bodies (a multipart body
    // streams its file first), so validation here only sets request.validationError.
    { attachValidation: true, ...limits.submission },
  );

  /** GETs with `?wait=` under way in this process, per account. */
  const waiting = new Map<string, number>();
  // A server stopping answers its waiting GETs at once, with the job's state then (as when the
  // time is up): the client polls again, and this server's close() does not wait out their waits.
  const stopping = new AbortController();
  app.addHook('preClose', async () => stopping.abort());

  serve(app, transcriptOperations.transcript, async (request, reply) => {
    const { id } = request.params;
    const userId = currentUser(request).id;
    let row = await findTranscription(db, userId, id);
    const waits = waiting.get(userId) ?? 0;
    // Beyond MAX_TRANSCRIPT_WAITS_PER_ACCOUNT waits at once, an account's GETs answer at once.
    if (
      row &&
      request.query.wait > 0 &&
      !isFinished(row) &&
      waits < MAX_TRANSCRIPT_WAITS_PER_ACCOUNT
    ) {
      const gone = clientGone(reply);
      waiting.set(userId, waits + 1);
      try {
        row = await watchJobForClient(db, runtime.finished, id, {
          deadline: Date.now() + request.query.wait * 1000,
          signal: gone,
          until: stopping.signal,
        });
      } finally {
        const left = (waiting.get(userId) ?? 1) - 1;
        if (left > 0) waiting.set(userId, left);
        else waiting.delete(userId);
      }
    }
    if (!row) throw transcriptNotFound();
    return toTranscript(db, row, runtime.config.maxRunningPerAccount);
  });

  serve(app, transcriptOperations.speakers, async (request) => {
    const { id } = request.params;
    const userId = currentUser(request).id;
    const row = await findTranscription(db, userId, id);
    if (!row) throw transcriptNotFound();
    const spoken = new Set(row.result?.utterances?.map((u) => u.speaker));
    if (row.status !== 'completed' || spoken.size === 0) {
      throw new HttpError(
        'transcript_not_ready',
        row.status !== 'completed'
          ? `Transcript is ${row.status}; speakers can be named once it is completed`
          : row.speakerLabels || row.audioChannels !== null
            ? 'No one was heard speaking in this transcript: it has no speakers to name'
            : 'This transcript has no speaker labels: transcribe with speaker_labels=true',
      );
    }
    const names = Object.entries(request.body.names);
    const unknown = names.find(([label]) => !spoken.has(label));
    if (unknown)
      throw new HttpError('unknown_speaker', `This transcript has no speaker ${unknown[0]}`);
    const named = await nameSpeakers(
      db,
      userId,
      id,
      Object.fromEntries(names.filter(([, name]) => name !== '')),
    );
    if (!named) throw transcriptNotFound();
    return toTranscript(db, named, runtime.config.maxRunningPerAccount);
  });

  serve(app, transcriptOperations.export, async (request, reply) => {
    const { id, format } = request.params;
    const row = await completed(currentUser(request).id, id, 'exports');
    reply.header('content-disposition', fileNamed('inline', `${row.fileName ?? row.id}.${format}`));
    if (format === 'json') {
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(
        (await toTranscript(db, row, runtime.config.maxRunningPerAccount)).result,
      );
    }
    if (format === 'txt')
      return reply.type('text/plain; charset=utf-8').send(toText(row.result, row.speakerNames));
    reply.type(
      format === 'srt' ? 'application/x-subrip; charset=utf-8' : 'text/vtt; charset=utf-8',
    );
    return toSubtitles(format, row.result, row.speakerNames, captionStyle(request.query));
  });

  for (const [kind, of] of [
    ['sentences', sentencesOf],
    ['paragraphs', paragraphsOf],
  ] as const) {
    const operation = transcriptOperations[kind];
    serve(app, operation, async (request) => {
      const { id } = request.params;
      const row = await completed(currentUser(request).id, id, kind);
      if (row.timestampStyle === 'none' && !row.result.utterances?.length) {
        throw new HttpError(
          'no_timestamps',
          `This transcript was made with timestamp_style=none: its ${kind} need times (segment or word)`,
        );
      }
      return { id, [kind]: of(row.result) } as z.infer<(typeof operation.responses)[200]>;
    });
  }

  serve(app, transcriptOperations.audio, async (request, reply) => {
    const row = await findAudio(db, currentUser(request).id, request.params.id);
    if (!row) throw transcriptNotFound();
    // Its audio as uploaded holds what redact_pii_audio tones over when the job completes.
    if (row.redaction?.audio && row.status !== 'completed' && row.blobKey !== null)
      throw new HttpError(
        'transcript_not_ready',
        row.status === 'error'
          ? 'This job ended (failed or cancelled) before its audio was redacted, so the audio is not served: the next retention sweep deletes it'
          : 'Its audio is served once the transcript completes, redacted',
      );
    const key = row.blobKey;
    const size = key === null ? null : await runtime.blobs.size(key);
    if (key === null || size === null) {
      throw new HttpError(
        'audio_not_kept',
        row.source === 'live'
          ? LIVE_KEEPS_NO_AUDIO
          : row.audioDeletedAt
            ? `This transcript's audio was deleted on ${row.audioDeletedAt.toISOString()}`
            : "This transcript's audio is no longer kept",
      );
    }
    const range = byteRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      throw new HttpError(
        'range_not_satisfiable',
        `The audio is ${size} bytes long: the range asked for lies past its end`,
        undefined,
        { 'content-range': `bytes */${size}` },
      );
    }
    const head =
      size === 0
        ? Buffer.alloc(0)
        : await buffer(await runtime.blobs.read(key, 0, Math.min(size, 16) - 1));
    const { start, end } = range ?? { start: 0, end: size - 1 };
    // Opened before any header is set, so a failure is answered without them. A HEAD request
    // reads nothing (Fastify would read a stream to its end, and from S3 that is the whole file).
    const body =
      size === 0 || request.method === 'HEAD'
        ? Readable.from([])
        : await runtime.blobs.read(key, start, end);
    reply
      .type(audioType(head))
      .header('accept-ranges', 'bytes')
      .header('content-length', String(end - start + 1))
      .header('content-disposition', fileNamed('inline', audioName(row)))
      .header('cache-control', 'private, max-age=3600')
      // The bytes are the user's: never a document of this origin, whatever they hold.
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    // A stream of the file's bytes: the answer's schema is a string for the document.
    return reply.send(body as unknown as string);
  });

  serve(app, transcriptOperations.deleteAudio, async (request) => {
    const row = await deleteAudioOf(
      db,
      app.services.erasures,
      currentUser(request).id,
      request.params.id,
    );
    if (!row) throw transcriptNotFound();
    if (row.source === 'live') throw new HttpError('audio_not_kept', LIVE_KEEPS_NO_AUDIO);
    if (isRunning(row.status))
      throw new HttpError(
        'transcript_not_ready',
        'This transcription is still running and needs its audio; delete the audio once it has ended, or delete the transcript to cancel it',
      );
    if (row.blobKey !== null) throw new Error(`the audio of ${request.params.id} stayed`);
    return { message: 'Audio deleted' };
  });

  serve(app, transcriptOperations.delete, async (request) => {
    const row = await deleteTranscriptionAndAudio(
      db,
      app.services.erasures,
      currentUser(request).id,
      request.params.id,
    );
    if (!row) throw transcriptNotFound();
    if (row === 'live')
      throw new HttpError(
        'stream_running',
        'This transcript is a live stream that is still running; end the stream, then delete it',
      );
    if (row === 'streamed')
      throw new HttpError(
        'transcription_streamed',
        'This transcription is still running and its text has been streamed to you; delete it once it has completed',
      );
    return { message: 'Transcript deleted' };
  });

  serve(app, transcriptOperations.models, async () => {
    const { models, device, computeType } = await catalog.installed();
    return {
      object: 'list' as const,
      ...runtime.config.defaultModels,
      device,
      computeType,
      data: models.map((m) => ({
        id: m.model,
        object: 'model' as const,
        created: published(m.model),
        owned_by: 'openai',
        languages: m.languages,
        usdPerMinute: m.usdPerMinute,
        microsPerHour: m.microsPerHour,
      })),
    };
  });
};

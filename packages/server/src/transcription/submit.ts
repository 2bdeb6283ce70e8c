import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Quality, TimestampStyle, TranscriptionTask } from '@parlance/contract';
import { MAX_CHANNELS } from '@parlance/contract/endpoints';
import type { Database } from '../db/index.js';
import type { TranscriptionRow } from '../db/schema/transcription.js';
import { DomainError } from '../domainErrors.js';
import { BlobStoreUnavailable } from './blobs/blobStore.js';
import {
  EngineRequestError,
  ProbeLimitError,
  ProbeTimeoutError,
  type LanguageDetection,
  type ProbeFacts,
} from './engine/types.js';
import { formatDuration } from './formats.js';
import {
  deleteTranscription,
  findByIdempotencyKey,
  insertTranscription,
} from './jobs/repository.js';
import { enqueueTranscription } from './jobs/queue.js';
import { estimatedCost, heldCredit, spendRoom } from './credit.js';
import { engineDown, type ModelCatalog } from './models.js';
import { downloadToFile } from './net/download.js';
import { assertPublicUrl, parsePublicUrl } from './net/safeRequest.js';
import { accountOnHoldMessage, insufficientCreditsMessage, spendLimitMessage } from './pricing.js';
import type { TranscriptionRuntime } from './runtime.js';
import type { Redaction } from './redaction.js';
import type { TakenUpload } from './uploads.js';

/**
 * The audio of a submission: a file already staged (a multipart upload), a URL to fetch, or a
 * finished resumable upload, taken into staging once the idempotency key is checked (a retry of a
 * submission that took it finds the job, not the upload, which is gone).
 */
export type AudioSource =
  | { kind: 'upload'; stagedPath: string; fileName: string }
  | { kind: 'url'; url: string }
  | { kind: 'resumable'; take: (stagedPath: string) => Promise<TakenUpload> };

export interface Submission {
  userId: string;
  /** The API key that sent it (its monthly limit applies too); null from the web app. */
  apiKeyId: string | null;
  /** The model asked for; undefined: the one `quality` picks. */
  model: string | undefined;
  language: string | undefined;
  /** With the language detected: how it is chosen (`languageDetection`); null: as Whisper does. */
  detection: LanguageDetection | null;
  prompt: string | undefined;
  /** Names and jargon to prefer; none when undefined (the OpenAI endpoint has no such field). */
  keyterms?: string[] | undefined;
  timestampStyle: TimestampStyle;
  /** Personal data to remove from the transcript, and how; none when undefined. */
  redaction?: Redaction | undefined;
  /** Mask profanity in the transcript. */
  filterProfanity?: boolean;
  /** Keep filler words (English only). */
  disfluencies?: boolean;
  /** Speed against accuracy: the beam size, and the model when none is named. */
  quality?: Quality;
  /** `translate`: English text from speech in any language (a multilingual model). */
  task?: TranscriptionTask;
  /** Label who spoke when; `speakersExpected` (with it) is the caller's count of speakers. */
  speakerLabels?: boolean;
  /** Transcribe each channel of the file on its own, as one speaker (billed per channel-second). */
  multichannel?: boolean;
  speakersExpected?: number | undefined;
  webhookUrl: string | undefined;
  /** Retention (seconds after the job ends): its audio, and the transcript; none when undefined. */
  deleteAudioAfter?: number | undefined;
  deleteAfter?: number | undefined;
  idempotencyKey: string | undefined;
  audio: AudioSource;
}

/** "https://x/a/b.mp3?q" → "b.mp3" (the name shown in lists). */
function fileNameOf(url: string): string | null {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last).slice(0, 255);
  } catch {
    return last.slice(0, 255);
  }
}

/**
 * Accepts a transcription: fetches URL audio (SSRF-safe), probes it, checks the duration
 * limit and the user's credit for the estimated cost, stores the audio and queues the
 * job. With an idempotency key already used, returns the earlier job and changes nothing.
 */
export async function submitTranscription(
  runtime: TranscriptionRuntime,
  catalog: ModelCatalog,
  input: Submission,
): Promise<{ row: TranscriptionRow; created: boolean }> {
  const { config, storage, blobs } = runtime;
  const db = storage.db;
  const staged = input.audio.kind === 'upload' ? input.audio.stagedPath : await blobs.stagingPath();
  let taken: TakenUpload | undefined;
  try {
    if (input.idempotencyKey) {
      const existing = await findByIdempotencyKey(db, input.userId, input.idempotencyKey);
      if (existing) return { row: existing, created: false };
    }
    const { model, language } = await catalog.resolve(
      input.model ??
        (await catalog.choose(
          input.quality ?? 'balanced',
          config.defaultModels,
          input.language,
          input.task ?? 'transcribe',
        )),
      input.language,
      input.task,
      input.detection?.expectedLanguages,
    );
    if (input.webhookUrl) await assertPublicUrl(input.webhookUrl, config.addressPolicy);

    const { audioUrl, fileName, ...held } = await stageAudio(runtime, input.audio, staged);
    taken = held.taken;

    const { duration, channels } = await probeFile(runtime, staged, input.userId);
    // A length the file does not state is counted only to the limit plus one second: it is at
    // least that long.
    if (duration > config.maxAudioSeconds) {
      throw new DomainError(
        'audio_too_long',
        `Audio is ${Math.abs(duration - (config.maxAudioSeconds + 1)) < 0.01 ? 'at least ' : ''}${Math.ceil(duration)} s long; the limit is ${formatDuration(config.maxAudioSeconds)} (${config.maxAudioSeconds} s)`,
      );
    }
    if (channels < 1) {
      throw new DomainError(
        'unsupported_audio',
        'The file is not audio or video we can decode (its audio has no channels)',
      );
    }
    if (input.multichannel && channels > MAX_CHANNELS) {
      throw new DomainError(
        'validation_failed',
        `multichannel: the file has ${channels} channels; at most ${MAX_CHANNELS} are transcribed apart`,
      );
    }
    const audioChannels = input.multichannel ? channels : null;
    // Each channel transcribed apart is billed.
    await checkCredit(db, input, model, duration * (audioChannels ?? 1));

    const id = randomUUID();
    const blobKey = `audio/${input.userId}/${id}`;
    await blobs.putFile(blobKey, staged).catch((err: unknown) => {
      if (!(err instanceof BlobStoreUnavailable)) throw err;
      runtime.log(err.detail);
      throw new DomainError(
        'audio_store_unavailable',
        'The audio store cannot be reached right now: nothing was kept or charged. Try again in a minute.',
        { retryAfterSeconds: 60 },
      );
    });
    // The row may not come (the account was deleted meanwhile): the audio must not stay behind.
    const { row, created } = await insertTranscription(db, {
      id,
      userId: input.userId,
      apiKeyId: input.apiKeyId,
      model,
      language,
      languageDetection: input.detection,
      prompt: input.prompt ?? null,
      keyterms: input.keyterms?.length ? input.keyterms : null,
      timestampStyle: input.timestampStyle,
      redaction: input.redaction ?? null,
      filterProfanity: input.filterProfanity ?? false,
      disfluencies: input.disfluencies ?? false,
      quality: input.quality ?? 'balanced',
      task: input.task ?? 'transcribe',
      speakerLabels: input.speakerLabels ?? false,
      speakersExpected: input.speakersExpected ?? null,
      audioChannels,
      source: input.audio.kind === 'url' ? 'url' : 'upload',
      audioUrl,
      fileName,
      blobKey,
      audioDurationSeconds: duration,
      progressStage: 'queued',
      idempotencyKey: input.idempotencyKey ?? null,
      webhookUrl: input.webhookUrl ?? null,
      deleteAudioAfterSeconds: input.deleteAudioAfter ?? null,
      deleteAfterSeconds: input.deleteAfter ?? null,
    }).catch(async (err: unknown) => {
      await blobs.delete(blobKey);
      throw err;
    });
    if (!created) {
      await blobs.delete(blobKey);
    } else {
      try {
        await enqueueTranscription(runtime.boss, config, row.id);
        runtime.workers?.wake();
      } catch (err) {
        await deleteTranscription(db, input.userId, row.id);
        await blobs.delete(blobKey);
        throw err;
      }
    }
    // The job is made: the upload it came from goes. If that fails, the job stands all the same
    // (the upload's claim lapses and it expires with the others).
    await taken?.consume().catch((err: unknown) => {
      runtime.log(`upload for transcription ${row.id} not deleted: ${String(err)}`);
    });
    return { row, created };
  } catch (err) {
    await taken?.release();
    throw err;
  } finally {
    await rm(staged, { force: true });
  }
}

/**
 * Puts URL audio or a resumable upload into `staged` (a multipart upload is there already); the
 * URL and the name to show, and the upload taken (to consume or release once the job is made).
 */
async function stageAudio(
  { config }: TranscriptionRuntime,
  audio: AudioSource,
  staged: string,
): Promise<{ audioUrl: string | null; fileName: string | null; taken?: TakenUpload }> {
  if (audio.kind === 'upload') return { audioUrl: null, fileName: audio.fileName };
  if (audio.kind === 'resumable') {
    const taken = await audio.take(staged);
    return { audioUrl: null, fileName: taken.fileName ?? 'upload', taken };
  }
  const audioUrl = parsePublicUrl(audio.url).toString();
  const fetched = await downloadToFile(audioUrl, staged, config.addressPolicy, {
    maxBytes: config.maxUploadBytes,
    timeoutMs: config.fetchTimeoutMs,
  });
  return { audioUrl, fileName: fileNameOf(fetched.url) };
}

/**
 * Refuses (402) when the balance, less what unfinished jobs will cost, does not cover this one,
 * while the account owes credit a refund or dispute took back, and when it would pass the
 * account's or the API key's monthly spending limit.
 */
async function checkCredit(
  db: Database,
  { userId, apiKeyId }: Pick<Submission, 'userId' | 'apiKeyId'>,
  model: string,
  seconds: number,
): Promise<void> {
  const { balance, reserved, owed } = await heldCredit(db, userId);
  if (owed > 0) {
    throw new DomainError('account_on_hold', accountOnHoldMessage(owed));
  }
  const estimate = estimatedCost(model, seconds);
  if (estimate > balance - reserved) {
    throw new DomainError(
      'insufficient_credits',
      insufficientCreditsMessage(estimate, balance, reserved),
    );
  }
  const room = await spendRoom(db, userId, apiKeyId, new Date());
  if (room && estimate > room.roomMicros) {
    throw new DomainError('spend_limit_reached', spendLimitMessage(room, estimate), {
      details: {
        scope: room.scope,
        limitMicros: room.limitMicros,
        usedMicros: room.usedMicros,
        resetsAt: room.resetsAt.toISOString(),
      },
    });
  }
}

/**
 * The file's length and channel count, probed as `userId`'s (one probe at a time per account, see
 * ProbePool).
 */
async function probeFile(
  runtime: TranscriptionRuntime,
  path: string,
  userId: string,
): Promise<ProbeFacts> {
  const { maxAudioSeconds, probeTimeoutSeconds } = runtime.config;
  try {
    // A file that states no length is counted by its packets (or, without timestamps, by
    // decoding): stopping just past the limit lets an endless one be refused as too long instead
    // of read until the time limit.
    return await runtime.probeEngine.probe(path, { maxSeconds: maxAudioSeconds + 1 }, userId);
  } catch (err) {
    if (err instanceof ProbeLimitError) {
      throw new DomainError(
        'rate_limited',
        `${err.timeouts} of your files took too long to read lately; try again in ${err.retryAfterSeconds} s`,
        {
          details: { retryAfterSeconds: err.retryAfterSeconds },
          retryAfterSeconds: err.retryAfterSeconds,
        },
      );
    }
    if (err instanceof ProbeTimeoutError) {
      throw new DomainError(
        'probe_timeout',
        `The file took too long to read (over ${probeTimeoutSeconds} s); it may be damaged or in an unusual format`,
      );
    }
    if (err instanceof EngineRequestError) {
      // The engine's message names server paths: keep only its code.
      throw new DomainError(
        'unsupported_audio',
        `The file is not audio or video we can decode (${err.code})`,
      );
    }
    return engineDown(err);
  }
}

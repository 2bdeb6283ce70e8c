import { sql } from 'drizzle-orm';
import { QUALITIES } from '@parlance/contract/endpoints';
import type { Checkpoint } from '../../transcription/engine/protocol.js';
import type { LanguageDetection } from '../../transcription/engine/types.js';
import type { Redaction } from '../../transcription/redaction.js';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apiKeys, users } from './auth.js';

export const transcriptionStatus = pgEnum('transcription_status', [
  'queued',
  'processing',
  'completed',
  'error',
]);

export const timestampStyle = pgEnum('timestamp_style', ['none', 'segment', 'word']);

/** What the text is: the speech as spoken, or its English translation. */
export const transcriptionTask = pgEnum('transcription_task', ['transcribe', 'translate']);

/** Speed against accuracy: the request's preset, which sets the beam size (`BEAM_SIZE`). */
export const transcriptionQuality = pgEnum('transcription_quality', QUALITIES);

/** Where a transcript's audio came from: a URL, an upload, or a live stream (`/v1/realtime`). */
export const audioSource = pgEnum('audio_source', ['url', 'upload', 'live']);
export type TranscriptionSource = (typeof audioSource.enumValues)[number];

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** The language it was heard in (absent on transcripts made before languages were per segment). */
  language?: string;
  /** Who spoke most of it (with speaker labels, or its channel's speaker). */
  speaker?: string;
  /** The channel it was heard in ("1": the first), when the channels were transcribed apart. */
  channel?: string;
}

export interface TranscriptWord {
  start: number;
  end: number;
  text: string;
  confidence: number;
  speaker?: string;
  channel?: string;
}

/** Consecutive words of one speaker. */
export interface TranscriptUtterance {
  speaker: string;
  start: number;
  end: number;
  text: string;
  confidence: number;
  channel?: string;
}

/** What a completed job stores: the engine's answer, trimmed to the requested timestamp style. */
export interface TranscriptResult {
  text: string;
  language: string;
  languageProbability: number;
  /** Detected in most of the speech, before any fallback; null when given (absent before 0020). */
  detectedLanguage?: string | null;
  /** Some speech was detected under the request's threshold and heard in its fallback language. */
  languageFallback?: boolean;
  segments: TranscriptSegment[];
  words: TranscriptWord[];
  /** With speaker labels: who said what, turn by turn. */
  utterances?: TranscriptUtterance[];
  /** Why part of the audio was not transcribed (duration limit, credit); absent or null when all was. */
  notice?: string | null;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A transcription job and, once done, its transcript. The row is the job's truth: the queue
 * engine only says "look at job X"; a worker claims the row with a lease (token + expiry,
 * renewed while it works) and completes it only while it still holds that lease, so a job
 * is completed — and charged — exactly once.
 */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: transcriptionStatus('status').notNull().default('queued'),
    model: text('model').notNull(),
    /** Requested language; null = detect. The detected one is in `result`. */
    language: text('language'),
    task: transcriptionTask('task').notNull().default('transcribe'),
    /** The caller's vocabulary or style hint for the model; null = none. */
    prompt: text('prompt'),
    /** Names and jargon the recognizer should prefer (faster-whisper hotwords). */
    keyterms: jsonb('keyterms').$type<string[]>(),
    /** The personal data removed from its transcript, and how; null = none. */
    redaction: jsonb('redaction').$type<Redaction>(),
    /** Profanity is masked in its transcript ("f***"). */
    filterProfanity: boolean('filter_profanity').notNull().default(false),
    /** Filler words (um, uh) are kept: the model is prompted with speech that has them. */
    disfluencies: boolean('disfluencies').notNull().default(false),
    quality: transcriptionQuality('quality').notNull().default('balanced'),
    /** How detection chooses the language (with none requested); null = as Whisper does. */
    languageDetection: jsonb('language_detection').$type<LanguageDetection>(),
    /** Label who spoke when; `speakersExpected` is the caller's count, null = estimate it. */
    speakerLabels: boolean('speaker_labels').notNull().default(false),
    speakersExpected: integer('speakers_expected'),
    /**
     * Multichannel: the file's channel count (read at submission), each channel transcribed on its
     * own as one speaker and billed; null = the channels mixed into one.
     */
    audioChannels: integer('audio_channels'),
    /** Names the owner gave the speaker labels ("A" → "Alice"); exports use them. */
    speakerNames: jsonb('speaker_names').$type<Record<string, string>>().notNull().default({}),
    timestampStyle: timestampStyle('timestamp_style').notNull().default('segment'),
    source: audioSource('source').notNull(),
    /** The API key that submitted it; null from the web app (or once the key is deleted). */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The key's name when it submitted ('' if it was deleted first); null from the web app. */
    apiKeyName: text('api_key_name'),
    audioUrl: text('audio_url'),
    fileName: text('file_name'),
    blobKey: text('blob_key'),
    /** When the audio was deleted (by retention or on request); its transcript stays. */
    audioDeletedAt: at('audio_deleted_at'),
    /** The request's retention: seconds after it ends to delete its audio, and it; null = not said. */
    deleteAudioAfterSeconds: integer('delete_audio_after_seconds'),
    deleteAfterSeconds: integer('delete_after_seconds'),
    audioDurationSeconds: doublePrecision('audio_duration_seconds'),
    progressPercent: doublePrecision('progress_percent').notNull().default(0),
    progressStage: text('progress_stage'),
    /** The text decoded so far while the job runs (live captions for streaming answers). */
    partialText: text('partial_text'),
    /**
     * When a streamed answer (stream=true) first sent this job's text: text received is paid for,
     * so from then on the job is neither cancelled by its caller leaving nor deleted while it runs.
     */
    textStreamedAt: at('text_streamed_at'),
    errorMessage: text('error_message'),
    result: jsonb('result').$type<TranscriptResult>(),
    /** Charged on completion, in micro-dollars. */
    costMicros: bigint('cost_micros', { mode: 'number' }),
    idempotencyKey: text('idempotency_key'),
    webhookUrl: text('webhook_url'),
    /** Claims so far; a job claimed more than JOB_MAX_ATTEMPTS times ends as an error, uncharged. */
    attempts: integer('attempts').notNull().default(0),
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: at('lease_expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the job last became `queued` (submitted, handed back, or taken from a dead worker). */
    queuedAt: at('queued_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
  },
  (t) => [
    index('transcriptions_user_created_idx').on(t.userId, t.createdAt),
    index('transcriptions_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    index('transcriptions_leases_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'processing'`),
    index('transcriptions_user_unfinished_idx')
      .on(t.userId, t.status)
      .where(sql`${t.status} in ('queued', 'processing')`),
    uniqueIndex('transcriptions_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export type TranscriptionRow = typeof transcriptions.$inferSelect;
export type NewTranscription = typeof transcriptions.$inferInsert;

/**
 * What a running job has transcribed for good, as the engine told it (its checkpoints, in order),
 * written with the job's heartbeats: a worker that takes the job over goes on from the last one
 * instead of from the start. Kept while the job is queued or processing; the sweeper deletes them
 * once it has ended.
 */
export const transcriptionCheckpoints = pgTable(
  'transcription_checkpoints',
  {
    transcriptionId: uuid('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    /** 1, 2, … in the order the engine told them. */
    seq: integer('seq').notNull(),
    checkpoint: jsonb('checkpoint').$type<Checkpoint>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.seq] })],
);

/**
 * One-use tokens that open a live stream (`GET /v1/realtime?token=`), for browsers, which cannot
 * send an Authorization header. Only the token's SHA-256 is kept; using it deletes the row.
 */
export const realtimeTokens = pgTable(
  'realtime_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The API key that asked for it (its monthly limit applies to the stream); null: the app. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('realtime_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Resumable uploads (`/v1/uploads`, the tus protocol) of an account: the bytes are in the upload
 * store under `id`; the row says whose they are, how large they will be, and until when they are
 * kept. A submission takes an upload by its id (`upload_id`), claiming the row while it probes and
 * stores the audio; once the job exists, the upload is gone.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The length the client declared (Upload-Length), in bytes. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The file's name from the upload's metadata (`filename`), shown in lists. */
    fileName: text('file_name'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    /** Set while a submission takes the upload; a claim older than an hour is a crashed one. */
    claimedAt: at('claimed_at'),
    /** The request writing the upload now, and until when its lease holds (uploadLocks.ts). */
    lockToken: text('lock_token'),
    lockedUntil: at('locked_until'),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_expires_idx').on(t.expiresAt)],
);

import { availableParallelism } from 'node:os';
import { z } from 'zod';
import {
  REALTIME_IDLE_TIMEOUT_SECONDS,
  REALTIME_UNUSED_SECONDS_PER_HOUR,
} from '@parlance/contract/endpoints';
import { LiveCapacityEnv } from './realtime/capacity.js';
import type { DefaultModels } from '@parlance/contract/endpoints';
import { flag } from '../envFields.js';
const positive = (fallback: number) => z.coerce.number().positive().default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** The transcription section of the environment (read with the rest by loadConfig). */
export const transcriptionEnv = z.object({
  /** The model of a request in English ('en') that names none: the fast English one. */
  DEFAULT_MODEL: z.string().default('tiny.en'),
  /** The model of any other request that names none (another language, detection, translation). */
  DEFAULT_MULTILINGUAL_MODEL: z.string().default('base'),
  /** The largest file one request may carry (multipart or audio_url). */
  MAX_UPLOAD_MB: positive(500),
  /** The largest resumable upload (/v1/uploads); an account's unused uploads total at most this. */
  MAX_RESUMABLE_UPLOAD_MB: positive(5 * 1024),
  /** A resumable upload not used by a transcription this long after it began is deleted. */
  UPLOAD_EXPIRY_HOURS: positive(24),
  MAX_AUDIO_SECONDS: positive(4 * 60 * 60),
  AUDIO_FETCH_TIMEOUT_SECONDS: positive(120),
  /** Lets audio_url and webhook_url reach loopback addresses (tests, local development). */
  ALLOW_PRIVATE_AUDIO_URLS: flag,
  /** Transcription jobs run at once per worker process. Default: one per two cores. */
  WORKER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .default(Math.max(1, Math.floor(availableParallelism() / 2))),
  /**
   * The niceness (0–19) of the engines that run batch jobs: on a machine shared with live
   * streams, a job waits for the CPU a stream needs in real time, not the other way round.
   */
  BATCH_ENGINE_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Run workers inside the API process (the embedded default); false when separate `npm run worker` processes do the work. */
  EMBEDDED_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ENGINE_PYTHON: z.string().optional(),
  /**
   * Read by the engine (engine.py's choose_device): a CUDA GPU when one is seen (auto), or one of
   * the two; checked here so a wrong value stops the server rather than every engine at start.
   */
  PARLANCE_DEVICE: z.enum(['auto', 'cpu', 'cuda']).optional(),
  /** Engine processes probing uploads, one probe each at a time: a slow file holds up only its own. */
  PROBE_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /** A probe running longer is refused (422 probe_timeout) and its engine process killed. */
  PROBE_TIMEOUT_SECONDS: positive(30),
  /** An account whose uploads overran the probe limit this often in 10 minutes gets 429 for a while. */
  PROBE_TIMEOUTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  /** Where audio is kept: DATA_DIR/blobs (one machine) or an S3-compatible bucket (many). */
  BLOB_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: flag,
  /** A worker holds a job this long without a heartbeat before another may take it over. */
  JOB_LEASE_SECONDS: positive(60),
  /**
   * An engine that, transcribing a job, tells no progress and uses no CPU for this long (or tells
   * nothing for four times as long) is stuck: it is killed, and the job handed back. At least a
   * minute: a working engine tells its progress every 10 s or so.
   */
  ENGINE_STALL_SECONDS: z.coerce.number().min(60).default(900),
  /** Queue expiry of a job: base plus this many seconds per second of audio. */
  JOB_EXPIRE_BASE_SECONDS: positive(300),
  JOB_EXPIRE_PER_AUDIO_SECOND: positive(2),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  /** Jobs of one account running at once across all workers, so one account cannot hold every worker. */
  JOB_MAX_RUNNING_PER_ACCOUNT: z.coerce.number().int().min(1).default(4),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How often each API process deletes audio and transcripts past their retention (retention.ts). */
  RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Live streams (/v1/realtime) one API process serves at once; more are refused (4429). */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).default(4),
  /** Live streams of one account open at once, across what this process serves. */
  LIVE_MAX_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).default(2),
  /** Streams of each model served in real time at once (`tiny.en:4,base:1`); see realtime/capacity.ts. */
  LIVE_CAPACITY: LiveCapacityEnv.optional(),
  /** A live stream whose audio holds no sound for this long is closed (4408). */
  LIVE_IDLE_TIMEOUT_SECONDS: positive(REALTIME_IDLE_TIMEOUT_SECONDS),
  /**
   * Seconds one account may hold live streams open beyond the audio it sends, per hour, in one
   * API process; then its streams are refused (4429) until the hour's oldest fall away.
   */
  LIVE_UNUSED_SECONDS_PER_HOUR: positive(REALTIME_UNUSED_SECONDS_PER_HOUR),
  /** How long the end of a live stream may wait for the engine; then that stream is cancelled. */
  LIVE_DRAIN_TIMEOUT_SECONDS: positive(60),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(6),
  WEBHOOK_RETRY_DELAY_SECONDS: count(5),
  WEBHOOK_TIMEOUT_SECONDS: positive(10),
});

export type TranscriptionConfig = ReturnType<typeof transcriptionConfigFrom>;

/** Settings that only hold together: each names the variable to fix. */
export function checkTranscriptionEnv(
  env: z.output<typeof transcriptionEnv>,
  ctx: z.RefinementCtx,
): void {
  if (env.BLOB_STORE === 's3' && !env.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      message: 'S3_BUCKET is required when BLOB_STORE=s3',
      path: ['S3_BUCKET'],
    });
  }
}

/** Settings of transcription jobs (see the README table). */
export function transcriptionConfigFrom(e: z.output<typeof transcriptionEnv>) {
  return {
    defaultModels: {
      default: e.DEFAULT_MULTILINGUAL_MODEL,
      defaultEnglish: e.DEFAULT_MODEL,
    } satisfies DefaultModels,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    maxResumableBytes: Math.round(e.MAX_RESUMABLE_UPLOAD_MB * 1024 * 1024),
    uploadExpirySeconds: Math.round(e.UPLOAD_EXPIRY_HOURS * 3600),
    maxAudioSeconds: e.MAX_AUDIO_SECONDS,
    fetchTimeoutMs: e.AUDIO_FETCH_TIMEOUT_SECONDS * 1000,
    addressPolicy: { allowLoopback: e.ALLOW_PRIVATE_AUDIO_URLS },
    workerConcurrency: e.WORKER_CONCURRENCY,
    batchEngineNice: e.BATCH_ENGINE_NICE,
    embeddedWorkers: e.EMBEDDED_WORKERS,
    enginePython: e.ENGINE_PYTHON,
    probeConcurrency: e.PROBE_CONCURRENCY,
    probeTimeoutSeconds: e.PROBE_TIMEOUT_SECONDS,
    probeTimeoutsPerAccount: e.PROBE_TIMEOUTS_PER_ACCOUNT,
    s3:
      e.BLOB_STORE === 's3' && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    leaseSeconds: e.JOB_LEASE_SECONDS,
    stallSeconds: e.ENGINE_STALL_SECONDS,
    expireBaseSeconds: e.JOB_EXPIRE_BASE_SECONDS,
    expirePerAudioSecond: e.JOB_EXPIRE_PER_AUDIO_SECOND,
    maxAttempts: e.JOB_MAX_ATTEMPTS,
    maxRunningPerAccount: e.JOB_MAX_RUNNING_PER_ACCOUNT,
    pollSeconds: e.QUEUE_POLL_SECONDS,
    maintenanceSeconds: e.QUEUE_MAINTENANCE_SECONDS,
    retentionSweepSeconds: e.RETENTION_SWEEP_SECONDS,
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    liveMaxStreamsPerAccount: e.LIVE_MAX_STREAMS_PER_ACCOUNT,
    liveCapacity: e.LIVE_CAPACITY,
    liveIdleTimeoutSeconds: e.LIVE_IDLE_TIMEOUT_SECONDS,
    liveUnusedSecondsPerHour: e.LIVE_UNUSED_SECONDS_PER_HOUR,
    liveDrainTimeoutSeconds: e.LIVE_DRAIN_TIMEOUT_SECONDS,
    webhookMaxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
    webhookRetryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
  };
}

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createLedger, InsufficientCredit, SpendLimitExceeded } from '../../billing/ledger.js';
import { isModelName, priceForSeconds, secondsAffordable } from '@parlance/contract/money';
import { BEAM_SIZE, joinedText } from '@parlance/contract/endpoints';
import { formatUsd } from '../../billing/money.js';
import type { Database } from '../../db/index.js';
import type { TranscriptResult, TranscriptionRow } from '../../db/schema/transcription.js';
import type { BlobStore } from '../blobs/blobStore.js';
import { heldCredit, spendRoom } from '../credit.js';
import type { SpendRoom } from '../../billing/monthlyLimits.js';
import {
  EngineRequestError,
  EngineUnavailableError,
  type EngineProgress,
  type EngineResult,
  type SpeechEngine,
} from '../engine/types.js';
import { formatClock, formatDuration } from '../formats.js';
import type { Metrics } from '../../system/metrics.js';
import { BlobStoreUnavailable } from '../blobs/blobStore.js';
import { insufficientCreditsMessage, spendLimitMessage } from '../pricing.js';
import {
  checkpointsOf,
  claimTranscription,
  completeTranscription,
  failTranscription,
  heartbeat,
  releaseTranscription,
  type NumberedCheckpoint,
} from './repository.js';
import { redactedTimes, redactTranscript } from '../redaction.js';
import { filterProfanity } from '../profanity.js';
import { withFillers } from '../disfluencies.js';
import { jobUsageDescription } from './usageEntries.js';
import { mergeChannels, transcribeChannels } from '../channels.js';

export interface JobLimits {
  /** A worker holds a job this long without a heartbeat before another may take it over. */
  leaseSeconds: number;
  /**
   * An engine that, while it transcribes, tells no progress and computes nothing for this long (or
   * tells nothing for SILENT_AT_WORK_LIMITS times as long, computing or not) is stuck: it is
   * killed and the job handed back, as after a crash, rather than held for ever.
   */
  stallSeconds: number;
  /** Claims of one job before it ends as an error, uncharged. */
  maxAttempts: number;
  maxRunningPerAccount: number;
  /** Decoded audio beyond this is not transcribed, whatever the file's header said. */
  maxAudioSeconds: number;
}

export interface ProcessorDeps {
  db: Database;
  engine: SpeechEngine;
  blobs: Pick<BlobStore, 'withFile' | 'stagingPath' | 'putFile'>;
  limits: JobLimits;
  /** Called once a job reaches completed or error (webhooks, waking the account's next job). */
  onFinished: (row: TranscriptionRow) => Promise<void>;
  /** Where the detail of a failure goes (the user sees a plain sentence). */
  log: (message: string) => void;
  metrics: Pick<
    Metrics,
    | 'jobsFinished'
    | 'jobLatency'
    | 'jobRealTimeFactor'
    | 'ledgerErrors'
    | 'jobAudioTakenUp'
    | 'engineStallKills'
  >;
}

/**
 * What became of a delivery: `deferred` when the account already runs its share of jobs (the
 * row stays queued; the sweeper queues it again once a slot frees), `gone` when there was
 * nothing to do (finished, deleted, or held by a live worker), `lost` when the job was taken
 * from this worker while it ran (cancelled, or taken over after a stall).
 */
export type Outcome = 'finished' | 'deferred' | 'gone' | 'lost';

const PROGRESS_WRITE_MS = 1000;

/** What users are told for the engine's errors; anything else gets the generic line. */
const PLAIN_MESSAGES: Record<string, string> = {
  unsupported_audio: 'the file is not audio or video we can decode, or it has no audio track.',
  decode_failed: 'the audio could not be decoded past a damaged part of the file.',
  unsupported_language: 'the model does not support the requested language.',
  model_not_found: 'the model is not installed on this server.',
};

/**
 * What the user is told: a plain sentence, never the engine's or the database's own text (which
 * can name server paths, libraries or tables). The detail goes to the log with the job id.
 */
function publicMessage(err: unknown, jobId: string, log: ProcessorDeps['log']): string {
  const plain = err instanceof EngineRequestError ? PLAIN_MESSAGES[err.code] : undefined;
  if (!plain) log(`transcription ${jobId} failed: ${(err as Error).stack ?? String(err)}`);
  return `Transcription failed: ${plain ?? 'something went wrong on our side. Nothing was charged; please try again.'}`;
}

/** The error a job ends with when its workers stopped (killed, crashed) on every attempt. */
export const exhaustedMessage = (attempts: number) =>
  `Transcription failed: the worker processing this audio stopped on each of ${attempts} attempts. Nothing was charged.`;

/** What the engine heard as one result: a multichannel job's channels merged. */
const merged = (job: TranscriptionRow, heard: readonly EngineResult[]): EngineResult =>
  job.audioChannels === null ? heard[0]! : mergeChannels(heard);

/**
 * The transcript to store from what the engine heard (each channel's result, or the one): in the
 * request's timestamp style, its personal data redacted (in each channel apart: a number said
 * across the other channel's "mm-hm" is still one) and its profanity masked (in English) when the
 * request asked.
 */
function toResult(
  heard: readonly EngineResult[],
  job: TranscriptionRow,
  notice: string | null,
): TranscriptResult {
  const style = job.timestampStyle;
  const { redaction } = job;
  const redacted = merged(
    job,
    redaction ? heard.map((result) => redactTranscript(result, redaction)) : heard,
  );
  // The list is English: a transcript in another language is left as heard.
  const english = job.task === 'translate' || redacted.language === 'en';
  const result = job.filterProfanity && english ? filterProfanity(redacted) : redacted;
  return {
    text: result.text,
    language: result.language,
    languageProbability: result.language_probability,
    detectedLanguage: result.detected_language,
    languageFallback: result.language_fallback,
    segments: style === 'none' ? [] : result.segments,
    words: style === 'word' ? result.words : [],
    ...(result.utterances ? { utterances: result.utterances } : {}),
    notice,
  };
}

/**
 * Why the transcript stops early, when the engine stopped at `cap` seconds of decoded audio:
 * the duration limit or what the account could pay. The file's claim (its header's, or its
 * packets' timestamps') is named, since a file whose claim disagrees with its audio is the usual
 * cause.
 */
function truncationNotice(job: TranscriptionRow, cap: Cap, decoded: number): string {
  const header =
    job.audioDurationSeconds !== null
      ? ` (the file said it held ${formatDuration(job.audioDurationSeconds)})`
      : '';
  const why =
    cap.reason === 'limit'
      ? `the audio is longer than the limit of ${formatDuration(cap.seconds)}`
      : cap.reason === 'spend'
        ? `the monthly spending limit of ${formatUsd(cap.room?.limitMicros ?? 0)} allows no more`
        : 'your balance covers no more';
  return `Only the first ${formatDuration(decoded)} of the audio were transcribed and charged: ${why}${header}.`;
}

/** Where it shows the stretches: a few, then how many more. */
const LISTED_SPANS = 3;

/**
 * Speech the engine heard and got no word from (noise taken for speech, or speech the model could
 * not make out), said in the result rather than dropped without a word; null when there is none.
 */
export function untranscribedNotice(spans: { start: number; end: number }[]): string | null {
  if (spans.length === 0) return null;
  const seconds = spans.reduce((sum, span) => sum + span.end - span.start, 0);
  const listed = spans
    .slice(0, LISTED_SPANS)
    .map((span) => `${formatClock(span.start)}–${formatClock(span.end)}`)
    .join(', ');
  const more = spans.length > LISTED_SPANS ? ` and ${spans.length - LISTED_SPANS} more` : '';
  return `No words came from ${formatDuration(seconds)} of what sounded like speech (${listed}${more}): noise, or speech the model could not make out.`;
}

interface Cap {
  seconds: number;
  reason: 'limit' | 'credit' | 'spend';
  /** The monthly spending limit that stands (with `spend`, the one that caps). */
  room?: SpendRoom | null;
}

/**
 * The most decoded audio this job may transcribe: the duration limit, what the account can pay,
 * or what its monthly spending limit (the account's or its API key's) leaves.
 */
async function capFor(db: Database, job: TranscriptionRow, limits: JobLimits): Promise<Cap> {
  if (!isModelName(job.model)) return { seconds: limits.maxAudioSeconds, reason: 'limit' };
  const [{ balance, reserved }, room] = await Promise.all([
    heldCredit(db, job.userId, job.id),
    spendRoom(db, job.userId, job.apiKeyId, new Date(), job.id),
  ]);
  const credit = Math.max(0, balance - reserved);
  const spend = room === null ? Infinity : room.roomMicros;
  // Of each channel, when each is transcribed (and billed) on its own: whole milliseconds, which
  // the engine decodes exactly, so that all channels' seconds together stay within what is paid.
  const affordable =
    Math.floor(
      (secondsAffordable(job.model, Math.min(credit, spend)) * 1000) / (job.audioChannels ?? 1),
    ) / 1000;
  if (affordable >= limits.maxAudioSeconds)
    return { seconds: limits.maxAudioSeconds, reason: 'limit' };
  return { seconds: affordable, reason: spend < credit ? 'spend' : 'credit', room };
}

/** CPU time an engine uses between two looks at it to count as computing, not stuck. */
const WORKING_CPU_SECONDS = 0.5;
/** An engine silent for this many stall limits is stuck even if it computes (a loop). */
const SILENT_AT_WORK_LIMITS = 4;

/**
 * Runs one job to its end. Completion and the usage debit happen in one transaction and
 * only while this worker holds the job's lease, so a job is completed and charged once.
 * A failed job is never charged. An engine crash hands the job back while attempts remain;
 * losing the lease (the job was cancelled, or taken over after a stall) stops the engine.
 * What the engine has transcribed for good (its checkpoints) is written with each heartbeat: a run
 * that takes the job over goes on from there.
 */
export async function processTranscription(deps: ProcessorDeps, id: string): Promise<Outcome> {
  const { db, limits } = deps;
  const token = randomUUID();
  const claim = await claimTranscription(
    db,
    id,
    token,
    limits.leaseSeconds,
    limits.maxRunningPerAccount,
  );
  if (claim.kind !== 'claimed') return claim.kind;
  const job = claim.row;
  deps.log(`transcription ${id} claimed (attempt ${job.attempts})`);
  const startedAt = Date.now();
  const finish = async (row: TranscriptionRow | undefined): Promise<Outcome> => {
    if (!row) return 'lost';
    observe(deps.metrics, row, (Date.now() - startedAt) / 1000);
    await deps.onFinished(row);
    return 'finished';
  };
  if (job.attempts > limits.maxAttempts)
    return finish(await failTranscription(db, id, token, exhaustedMessage(limits.maxAttempts)));

  const cap = await capFor(db, job, limits);
  if (cap.seconds <= 0 && isModelName(job.model)) {
    const { balance } = await heldCredit(db, job.userId, job.id);
    const needed = priceForSeconds(
      job.model,
      (job.audioDurationSeconds ?? 1) * (job.audioChannels ?? 1),
    );
    const why =
      cap.reason === 'spend' && cap.room
        ? spendLimitMessage(cap.room, needed)
        : insufficientCreditsMessage(needed, balance);
    return finish(await failTranscription(db, id, token, why));
  }

  // A job whose text is made whole at its end (redacted, or merged from its channels) keeps none
  // before: no checkpoints (a run that takes it over starts again), no partial text.
  const whole = job.redaction !== null || job.audioChannels !== null;
  const resume = whole ? [] : await checkpointsOf(db, id);
  if (resume.length > 0) {
    const at = resume.at(-1)!.position;
    deps.metrics.jobAudioTakenUp.inc({ model: job.model }, at);
    deps.log(`transcription ${id} taken up at ${at} s of its audio, where its last run had got to`);
  }
  const stop = new AbortController();
  let lastWrite = 0;
  let latest = {
    percent: 0,
    stage: 'starting',
    partialText: joinedText(resume.flatMap((told) => told.segments.map((segment) => segment.text))),
  };
  let trailing: NodeJS.Timeout | undefined;
  // Checkpoints told and not yet written, numbered after those written.
  const unwritten: NumberedCheckpoint[] = [];
  let told = resume.length;
  const beat = async () => {
    const writing = unwritten.splice(0);
    // A database hiccup is not a lost lease: only a definite "not yours any more" stops the work.
    const held = await heartbeat(db, id, token, limits.leaseSeconds, latest, writing).catch(() => {
      unwritten.unshift(...writing);
      return true;
    });
    if (!held) stop.abort();
  };
  // While the engine transcribes: when it last told anything, when it was last seen computing,
  // and the CPU time it had used then (performance.now(): a clock that never jumps).
  let watched: { heard: number; working: number; cpu: number | null } | null = null;
  let stuck = false;
  const watch = async () => {
    if (!watched || stuck) return;
    const cpu = await deps.engine.cpuSeconds();
    const now = performance.now();
    if (!watched) return; // it answered meanwhile
    if (cpu !== null && watched.cpu !== null && cpu - watched.cpu >= WORKING_CPU_SECONDS)
      watched.working = now;
    watched.cpu = cpu;
    const silent = now - watched.heard;
    const idle = now - Math.max(watched.heard, watched.working);
    const limit = limits.stallSeconds * 1000;
    const busy = idle < limit;
    if (busy && silent < SILENT_AT_WORK_LIMITS * limit) return;
    stuck = true;
    deps.metrics.engineStallKills.inc({ reason: busy ? 'busy' : 'idle' });
    deps.log(
      `transcription ${id}: the engine told nothing for ${Math.round(silent / 1000)} s` +
        (busy ? ' (computing all along)' : ' and computed nothing') +
        '; killing it',
    );
    // Its requests then fail with EngineUnavailableError: the job is handed back, as after a crash.
    void deps.engine.kill().catch(() => undefined);
  };
  const timer = setInterval(
    () => {
      void watch();
      void beat();
    },
    (limits.leaseSeconds * 1000) / 3,
  );
  /** The audio with a tone over what was redacted, staged until the job completes. */
  let copy: string | null = null;
  const onProgress = ({ percent, stage, text, checkpoint }: EngineProgress) => {
    if (watched) watched.heard = performance.now();
    if (checkpoint && !whole) unwritten.push({ seq: (told += 1), checkpoint });
    // Segment texts add up to the text so far, which streaming answers read while the job runs.
    const partialText =
      text && !whole ? joinedText([latest.partialText, text]) : latest.partialText;
    latest = { percent, stage, partialText };
    const wait = PROGRESS_WRITE_MS - (Date.now() - lastWrite);
    // A checkpoint is written at once (one per 30 s of audio): until it is, a kill costs its pass.
    if (wait > 0 && !checkpoint) {
      // Within the write interval: the latest progress is written when it ends, not lost.
      trailing ??= setTimeout(() => {
        trailing = undefined;
        lastWrite = Date.now();
        void beat();
      }, wait);
      return;
    }
    lastWrite = Date.now();
    void beat();
  };

  try {
    if (!job.blobKey) throw new Error('the job has no audio');
    const options = {
      model: job.model,
      language: job.language,
      detection: job.languageDetection,
      prompt: job.disfluencies ? withFillers(job.prompt) : job.prompt,
      keyterms: job.keyterms,
      task: job.task,
      // Bleeping the audio needs the redacted words' times, whatever the transcript keeps.
      wordTimestamps: job.timestampStyle === 'word' || Boolean(job.redaction?.audio),
      beamSize: BEAM_SIZE[job.quality],
      speakerLabels: job.speakerLabels,
      speakersExpected: job.speakersExpected,
      maxSeconds: cap.seconds,
      resume,
    };
    const channels = job.audioChannels;
    const results = await deps.blobs.withFile(job.blobKey, async (path) => {
      watched = { heard: performance.now(), working: performance.now(), cpu: null };
      try {
        return channels === null
          ? [await deps.engine.transcribe(path, options, onProgress, stop.signal)]
          : await transcribeChannels(deps.engine, path, options, channels, onProgress, stop.signal);
      } finally {
        watched = null;
      }
    });
    // The text as its script is written (the engine spaces its segments whatever the script),
    // before anything redacts or masks it.
    const heard = results.map((r) => ({ ...r, text: joinedText(r.segments.map((s) => s.text)) }));
    const result = merged(job, heard);
    copy = job.redaction?.audio ? await bleepedCopy(deps, job, heard, result) : null;
    const notices = [
      result.truncated ? truncationNotice(job, cap, result.duration) : null,
      untranscribedNotice(result.untranscribed),
    ].filter((sentence) => sentence !== null);
    const notice = notices.length > 0 ? notices.join(' ') : null;
    return await finish(await complete(deps, job, token, heard, notice, copy));
  } catch (err) {
    if (stop.signal.aborted) return 'lost'; // the row was changed by whoever took it: leave it
    if (err instanceof EngineUnavailableError && job.attempts < limits.maxAttempts) {
      await releaseTranscription(db, id, token, { attemptUsed: true });
      throw err; // the queue retries it after a back-off
    }
    if (err instanceof BlobStoreUnavailable) {
      // Its audio is safe where the store keeps it: the job waits for the store, however long.
      deps.log(`${job.id}: ${err.detail}; it waits for the store`);
      await releaseTranscription(db, id, token, { attemptUsed: false });
      throw err;
    }
    return finish(await failTranscription(db, id, token, publicMessage(err, id, deps.log)));
  } finally {
    clearInterval(timer);
    clearTimeout(trailing);
    if (copy) await rm(copy, { force: true });
  }
}

/** Past the end of any audio (seconds): a tone from where transcription stopped to the end. */
const TO_THE_END = 1e9;

/**
 * The job's audio with a tone over what its redaction removes from the text, and over what was
 * not transcribed (past a cap, speech that gave no words), where nothing was looked for: a staged
 * file, which `complete` puts in the audio's place.
 */
async function bleepedCopy(
  deps: ProcessorDeps,
  job: TranscriptionRow,
  heard: readonly EngineResult[],
  result: EngineResult,
): Promise<string | null> {
  if (!job.blobKey) return null;
  const spans = [
    ...heard.flatMap((channel) => redactedTimes(channel.words, job.redaction!, channel.text)),
    ...result.untranscribed,
    { start: result.duration, end: TO_THE_END },
  ];
  const out = await deps.blobs.stagingPath();
  try {
    await deps.blobs.withFile(job.blobKey, (path) => deps.engine.bleep(path, out, spans));
  } catch (err) {
    await rm(out, { force: true });
    throw err;
  }
  return out;
}

/** A finished job in the metrics: its outcome; when completed, its latency and real-time factor. */
function observe(metrics: ProcessorDeps['metrics'], row: TranscriptionRow, seconds: number) {
  const { model } = row;
  metrics.jobsFinished.inc({ model, outcome: row.status === 'completed' ? 'completed' : 'failed' });
  if (row.status !== 'completed') return;
  metrics.jobLatency.observe({ model }, (Date.now() - row.createdAt.getTime()) / 1000);
  if (row.audioDurationSeconds)
    metrics.jobRealTimeFactor.observe({ model }, seconds / row.audioDurationSeconds);
}

/**
 * Completes and charges the job, and puts its bleeped `copy` (if any) in its audio's place, in one
 * transaction: a deletion of the job waits for it and then erases the copy, and a worker killed
 * before it commits leaves the job to a run that bleeps the audio again.
 */
async function complete(
  deps: ProcessorDeps,
  job: TranscriptionRow,
  token: string,
  heard: readonly EngineResult[],
  notice: string | null,
  copy: string | null,
): Promise<TranscriptionRow | undefined> {
  const { db, metrics } = deps;
  const result = merged(job, heard);
  if (!isModelName(job.model)) throw new Error(`model ${job.model} has no price`);
  // Billed per channel-second when the channels were transcribed apart.
  const billedSeconds = result.duration * (job.audioChannels ?? 1);
  const costMicros = priceForSeconds(job.model, billedSeconds);
  // Redacted before the transaction opens: a long transcript's rules hold no connection.
  const stored = toResult(heard, job, notice);
  try {
    return await db.transaction(async (tx) => {
      const done = await completeTranscription(tx, job.id, token, {
        result: stored,
        audioDurationSeconds: result.duration,
        costMicros,
      });
      if (done && copy && job.blobKey) await deps.blobs.putFile(job.blobKey, copy);
      if (!done || costMicros === 0) return done;
      await createLedger(tx).debit({
        userId: job.userId,
        amountMicros: costMicros,
        reference: job.id,
        description: jobUsageDescription(
          job.fileName,
          billedSeconds,
          job.model,
          job.audioChannels ?? 1,
        ),
        audioSeconds: billedSeconds,
        model: job.model,
        apiKeyId: job.apiKeyId,
        audioSource: job.source,
      });
      return done;
    });
  } catch (err) {
    // Spent elsewhere while it ran (or its file held more than it claimed): not charged.
    if (err instanceof SpendLimitExceeded)
      return failTranscription(db, job.id, token, spendLimitMessage(err.room, err.requiredMicros));
    if (err instanceof BlobStoreUnavailable) throw err;
    if (!(err instanceof InsufficientCredit)) {
      metrics.ledgerErrors.inc();
      throw err;
    }
    return failTranscription(
      db,
      job.id,
      token,
      insufficientCreditsMessage(err.requiredMicros, err.balanceMicros),
    );
  }
}

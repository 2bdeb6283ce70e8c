import { randomUUID } from 'node:crypto';
import { createLedger, InsufficientCredit } from '../../billing/ledger.js';
import { isModelName, priceForSeconds } from '../../billing/rates.js';
import type { Database } from '../../db/index.js';
import type { TranscriptResult, TranscriptionRow } from '../../db/schema/transcription.js';
import type { BlobStore } from '../blobs/blob-store.js';
import {
  EngineUnavailableError,
  type EngineProgress,
  type EngineResult,
  type SpeechEngine,
} from '../engine/types.js';
import { insufficientCreditsMessage } from '../pricing.js';
import {
  claimTranscription,
  completeTranscription,
  failTranscription,
  findTranscriptionById,
  heartbeat,
  releaseTranscription,
} from './repository.js';

export interface ProcessorDeps {
  db: Database;
  engine: SpeechEngine;
  blobs: BlobStore;
  leaseSeconds: number;
  /** Called once a job reaches completed or error (webhooks). */
  onFinished: (row: TranscriptionRow) => Promise<void>;
}

/** Thrown when another live worker holds the job: the queue should look again later. */
export class JobHeldElsewhere extends Error {
  override name = 'JobHeldElsewhere';
}

const PROGRESS_WRITE_MS = 1000;
const SERVER_PATH = /'?\/(?:[\w.-]+\/)+[\w.-]*'?/g;

/** What the user is told: the error, without server file paths. */
const publicMessage = (err: unknown) =>
  `Transcription failed: ${(err as Error).message.replace(SERVER_PATH, 'the audio')}`;

function toResult(
  result: EngineResult,
  style: TranscriptionRow['timestampStyle'],
): TranscriptResult {
  return {
    text: result.text,
    language: result.language,
    languageProbability: result.language_probability,
    segments: style === 'none' ? [] : result.segments,
    words: style === 'word' ? result.words : [],
  };
}

/**
 * Runs one job to its end. Completion and the usage debit happen in one transaction and
 * only while this worker holds the job's lease, so a job is completed and charged once.
 * A failed job is never charged. `finalAttempt` false lets an engine crash requeue the job.
 */
export async function processTranscription(
  deps: ProcessorDeps,
  id: string,
  finalAttempt: boolean,
): Promise<void> {
  const { db, leaseSeconds } = deps;
  const token = randomUUID();
  const job = await claimTranscription(db, id, token, leaseSeconds);
  if (!job) {
    const current = await findTranscriptionById(db, id);
    if (current?.status === 'processing')
      throw new JobHeldElsewhere(`transcription ${id} is held by another worker`);
    return; // already finished, or deleted
  }

  let lastWrite = 0;
  let latest: EngineProgress = { percent: 0, stage: 'starting' };
  const beat = () => heartbeat(db, id, token, leaseSeconds, latest).catch(() => false);
  const timer = setInterval(() => void beat(), (leaseSeconds * 1000) / 3);
  const onProgress = (p: EngineProgress) => {
    latest = p;
    if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = Date.now();
    void beat();
  };

  let finished: TranscriptionRow | undefined;
  try {
    if (!job.blobKey) throw new Error('the job has no audio');
    const result = await deps.blobs.withFile(job.blobKey, (path) =>
      deps.engine.transcribe(
        path,
        {
          model: job.model,
          language: job.language,
          prompt: job.prompt,
          wordTimestamps: job.timestampStyle === 'word',
        },
        onProgress,
      ),
    );
    finished = await complete(db, job, token, result);
  } catch (err) {
    if (err instanceof EngineUnavailableError && !finalAttempt) {
      await releaseTranscription(db, id, token);
      throw err;
    }
    finished = await failTranscription(db, id, token, publicMessage(err));
  } finally {
    clearInterval(timer);
  }
  if (finished) await deps.onFinished(finished);
}

async function complete(
  db: Database,
  job: TranscriptionRow,
  token: string,
  result: EngineResult,
): Promise<TranscriptionRow | undefined> {
  if (!isModelName(job.model)) throw new Error(`model ${job.model} has no price`);
  const costCents = priceForSeconds(job.model, result.duration);
  try {
    return await db.transaction(async (tx) => {
      const done = await completeTranscription(tx, job.id, token, {
        result: toResult(result, job.timestampStyle),
        audioDurationSeconds: result.duration,
        costCents,
      });
      if (!done || costCents === 0) return done;
      await createLedger(tx).debit({
        userId: job.userId,
        amountCents: costCents,
        reference: job.id,
        description: `Transcription of ${job.fileName ?? 'audio'} (${Math.ceil(result.duration)} s, ${job.model})`,
        audioSeconds: result.duration,
        model: job.model,
      });
      return done;
    });
  } catch (err) {
    if (!(err instanceof InsufficientCredit)) throw err;
    return failTranscription(
      db,
      job.id,
      token,
      insufficientCreditsMessage(err.requiredCents, err.balanceCents),
    );
  }
}

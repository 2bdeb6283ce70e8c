import type { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { users } from '../../db/schema/auth.js';
import type { SpeechEngine } from '../engine/types.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import type { TranscriptionConfig } from '../config.js';
import { deliverWebhook } from '../webhooks.js';
import { exhaustedMessage, processTranscription, type ProcessorDeps } from './processor.js';
import {
  enqueueTranscription,
  enqueueWebhook,
  TRANSCRIBE_QUEUE,
  WEBHOOK_QUEUE,
  type TranscribeMessage,
  type WebhookMessage,
} from './queue.js';
import { orphanedQueuedJobs, reclaimExpiredLeases } from './repository.js';

export type WorkerDeps = Omit<ProcessorDeps, 'onFinished' | 'limits' | 'engine'> & {
  /** One engine per concurrent job: an engine process serves one request at a time. */
  engines: SpeechEngine[];
  boss: PgBoss;
  config: TranscriptionConfig;
  /** Told each finished job's id (TranscriptionRuntime.finished). */
  finished: EventEmitter;
};

export interface Workers {
  /** Tells this process's idle workers to look at the queue now rather than at their next poll. */
  wake(): void;
  stop(): void;
}

/** The body POSTed to a job's webhook_url when it completes or fails. */
export function webhookBody(row: TranscriptionRow): string {
  return JSON.stringify({ id: row.id, status: row.status });
}

/** Queued jobs found without a message are re-sent once they are this old (a fresh submission sends its own). */
const orphanGraceSeconds = (config: TranscriptionConfig) => Math.max(5, 4 * config.pollSeconds);
const SWEEP_BATCH = 100;
/** A job taken from a dead worker goes ahead of jobs that have not started yet. */
const TAKEN_OVER_PRIORITY = 1;

/**
 * Subscribes this process to the transcription queue (one subscription, and one engine, per
 * concurrent job) and to webhook deliveries, and runs the sweeper that keeps the promise "no
 * job is lost": every poll interval it takes jobs from dead workers (lease expired) back to
 * the queue, or ends them as errors once their attempts are used up, and re-sends any queued
 * job that has no queue message (its message failed or expired, or it waited for a slot of its
 * account). A job is therefore taken over within JOB_LEASE_SECONDS plus one poll interval of its
 * worker's last heartbeat. Duplicate messages are harmless: the row is claimed once.
 */
export async function startWorkers(deps: WorkerDeps): Promise<Workers> {
  const { boss, config, engines, finished, ...shared } = deps;
  const workerIds: string[] = [];
  const wake = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  const send = async (jobs: Pick<TranscriptionRow, 'id'>[], priority?: number) => {
    for (const job of jobs) await enqueueTranscription(boss, config, job.id, priority);
    if (jobs.length > 0) wake();
  };
  const notify = async (row: TranscriptionRow) => {
    if (row.webhookUrl)
      await enqueueWebhook(boss, config, {
        userId: row.userId,
        url: row.webhookUrl,
        body: webhookBody(row),
      });
  };

  const sweep = async (userId?: string) => {
    if (!userId) {
      const { requeued, failed } = await reclaimExpiredLeases(
        shared.db,
        config.maxAttempts,
        exhaustedMessage(config.maxAttempts),
      );
      await send(requeued, TAKEN_OVER_PRIORITY);
      for (const row of failed) await notify(row);
    }
    await send(
      await orphanedQueuedJobs(shared.db, {
        queue: TRANSCRIBE_QUEUE,
        graceSeconds: userId ? 0 : orphanGraceSeconds(config),
        maxRunning: config.maxRunningPerAccount,
        userId,
        limit: SWEEP_BATCH,
      }),
    );
  };

  const processor: Omit<ProcessorDeps, 'engine'> = {
    ...shared,
    limits: {
      leaseSeconds: config.leaseSeconds,
      stallSeconds: config.stallSeconds,
      maxAttempts: config.maxAttempts,
      maxRunningPerAccount: config.maxRunningPerAccount,
      maxAudioSeconds: config.maxAudioSeconds,
    },
    onFinished: async (row) => {
      finished.emit(row.id);
      await notify(row);
      // A running slot of this account just freed: its next waiting job goes now, not at the next sweep.
      await sweep(row.userId);
    },
  };
  const options = {
    pollingIntervalSeconds: config.pollSeconds,
    batchSize: 1,
    includeMetadata: true,
  } as const;
  for (const engine of engines) {
    let workerId = '';
    workerId = await boss.work<TranscribeMessage>(TRANSCRIBE_QUEUE, options, async ([job]) => {
      if (!job) return;
      const outcome = await processTranscription(
        { ...processor, engine },
        job.data.transcriptionId,
      );
      // Nothing was run (a deferred or finished job): look for the next message now, not after
      // a poll interval, so one account's backlog cannot slow everyone else's jobs.
      if (outcome === 'deferred' || outcome === 'gone') boss.notifyWorker(workerId);
    });
    workerIds.push(workerId);
  }
  await boss.work<WebhookMessage>(WEBHOOK_QUEUE, options, async ([job]) => {
    if (!job) return;
    const [owner] = await deps.db
      .select({ secret: users.webhookSecret })
      .from(users)
      .where(eq(users.id, job.data.userId));
    if (!owner) return; // the account was deleted: nobody to notify
    await deliverWebhook(
      job.data.url,
      job.data.body,
      owner.secret,
      config.addressPolicy,
      config.webhookTimeoutMs,
    );
  });

  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (sweeping) return; // a slow database: never two sweeps at once from one process
    sweeping = sweep()
      .catch((err: unknown) => shared.log(`job sweep failed: ${(err as Error).message}`))
      .finally(() => (sweeping = undefined));
  }, config.pollSeconds * 1000);
  timer.unref();
  return { wake, stop: () => clearInterval(timer) };
}

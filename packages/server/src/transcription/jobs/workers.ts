import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { users } from '../../db/schema/auth.js';
import type { SpeechEngine } from '../engine/types.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import type { TranscriptionConfig } from '../config.js';
import { deliverWebhook } from '../webhooks.js';
import { processTranscription, type ProcessorDeps } from './processor.js';
import {
  enqueueWebhook,
  TRANSCRIBE_QUEUE,
  WEBHOOK_QUEUE,
  type TranscribeMessage,
  type WebhookMessage,
} from './queue.js';

export type WorkerDeps = Omit<ProcessorDeps, 'onFinished' | 'leaseSeconds' | 'engine'> & {
  /** One engine per concurrent job: an engine process serves one request at a time. */
  engines: SpeechEngine[];
  boss: PgBoss;
  config: TranscriptionConfig;
};

/** The body POSTed to a job's webhook_url when it completes or fails. */
export function webhookBody(row: TranscriptionRow): string {
  return JSON.stringify({ id: row.id, status: row.status });
}

/**
 * Subscribes this process to the transcription queue (one subscription, and one engine, per
 * concurrent job) and to webhook deliveries. pg-boss retries a thrown handler with backoff.
 */
export async function startWorkers(deps: WorkerDeps): Promise<void> {
  const { boss, config, engines, ...shared } = deps;
  const processor: Omit<ProcessorDeps, 'engine'> = {
    ...shared,
    leaseSeconds: config.leaseSeconds,
    onFinished: async (row) => {
      if (row.webhookUrl)
        await enqueueWebhook(boss, config, {
          userId: row.userId,
          url: row.webhookUrl,
          body: webhookBody(row),
        });
    },
  };
  const options = {
    pollingIntervalSeconds: config.pollSeconds,
    batchSize: 1,
    includeMetadata: true,
  } as const;
  for (const engine of engines) {
    await boss.work<TranscribeMessage>(TRANSCRIBE_QUEUE, options, async ([job]) => {
      if (!job) return;
      await processTranscription(
        { ...processor, engine },
        job.data.transcriptionId,
        job.retryCount >= job.retryLimit,
      );
    });
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
}

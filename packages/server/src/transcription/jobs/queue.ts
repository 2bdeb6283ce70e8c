import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Storage } from '../../db/index.js';
import type { TranscriptionConfig } from '../config.js';

export const TRANSCRIBE_QUEUE = 'transcribe';
export const WEBHOOK_QUEUE = 'webhook';

export interface TranscribeMessage {
  transcriptionId: string;
}

export interface WebhookMessage {
  /** The job's owner, whose webhook secret signs the delivery. */
  userId: string;
  url: string;
  /** The exact JSON body to sign and send. */
  body: string;
}

/**
 * pg-boss sends multi-statement scripts (schema, locked batches) without parameters: PGlite runs
 * those with exec. A script holds its own BEGIN and COMMIT: one that fails midway is rolled back
 * here, or the one connection, which the app shares, would stay in the aborted transaction and
 * refuse every later statement.
 */
export function pgliteDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        try {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (err) {
          if (client.isInTransaction()) await client.exec('ROLLBACK');
          throw err;
        }
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/** drizzle keeps the driver client on `$client`: the PGlite instance, for the embedded queue. */
function pgliteClientOf(storage: Storage): PGlite {
  return (storage.db as unknown as { $client: PGlite }).$client;
}

/**
 * The job queue: pg-boss, on the same database as everything else — PostgreSQL at scale
 * (its own small pool), the embedded PGlite database by default (through its single
 * connection, which pg-boss's statements share with the app's).
 */
export async function startQueue(
  storage: Storage,
  databaseUrl: string | undefined,
  config: TranscriptionConfig,
): Promise<PgBoss> {
  const base = {
    schema: 'pgboss',
    maintenanceIntervalSeconds: config.maintenanceSeconds,
  };
  const boss =
    storage.kind === 'pglite'
      ? new PgBoss({ ...base, db: pgliteDb(pgliteClientOf(storage)) })
      : new PgBoss({ ...base, connectionString: databaseUrl, max: 4 });
  boss.on('error', (err) => console.error(`[queue] ${err.message}`));
  await boss.start();
  await boss.createQueue(TRANSCRIBE_QUEUE);
  await boss.createQueue(WEBHOOK_QUEUE);
  return boss;
}

/** Seconds a claimed job may stay active before the queue hands it to another worker. */
export function expirySeconds(config: TranscriptionConfig, audioSeconds: number | null): number {
  const seconds =
    config.expireBaseSeconds +
    config.expirePerAudioSecond * (audioSeconds ?? config.maxAudioSeconds);
  return Math.min(Math.ceil(seconds), 23 * 60 * 60);
}

export function enqueueTranscription(
  boss: PgBoss,
  config: TranscriptionConfig,
  transcriptionId: string,
  /** Higher goes first: a job taken from a dead worker should not wait behind the whole queue. */
  priority = 0,
): Promise<string | null> {
  const message: TranscribeMessage = { transcriptionId };
  return boss.send(TRANSCRIBE_QUEUE, message, {
    // How the sweeper finds a job's messages (the standard policy makes the key no constraint).
    singletonKey: transcriptionId,
    priority,
    // Sized for the longest audio a job may decode, not the header's claim, which can lie: the
    // message must outlive any honest run (a dead worker's job is the sweeper's, not this).
    expireInSeconds: expirySeconds(config, null),
    retryLimit: config.maxAttempts,
    retryDelay: 2,
    retryBackoff: true,
  });
}

export function enqueueWebhook(
  boss: PgBoss,
  config: TranscriptionConfig,
  message: WebhookMessage,
): Promise<string | null> {
  return boss.send(WEBHOOK_QUEUE, message, {
    retryLimit: config.webhookMaxAttempts - 1,
    retryDelay: config.webhookRetryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.ceil(config.webhookTimeoutMs / 1000) + 30,
  });
}

import type { FastifyBaseLogger } from 'fastify';
import { createApiKeys } from './apiKeys/service.js';
import { createAccounts } from './account/service.js';
import { customerRefOf } from './billing/accounts.js';
import { createAutoTopUps } from './billing/autoTopUp.js';
import { createBalanceAlerts } from './billing/balanceAlerts.js';
import { createBilling } from './billing/service.js';
import { grantSignupBonus } from './billing/signupBonus.js';
import type { Config } from './config.js';
import type { Storage } from './db/index.js';
import type { Mailer } from './mail/mailer.js';
import { createErasures } from './system/erasures.js';
import { createEvents } from './system/events.js';
import { createMetrics, sharedFor } from './system/metrics.js';
import { activeJobs, blobKeysOf } from './transcription/jobs/repository.js';
import { createModelCatalog } from './transcription/models.js';
import { startTranscriptionRuntime } from './transcription/runtime.js';
import { createUploads } from './transcription/uploads.js';

/**
 * The composition root: every service of a process, built once from its config and storage, by
 * the API (buildApp, as `app.services`) and by a worker process (worker.ts). Route plugins take
 * what they need from it; nothing else builds a service, and how one domain reacts to another's
 * events (a verified account's signup credit, what an account's deletion erases) is wired here.
 */
export async function buildServices(
  config: Config,
  { storage, logger, mailer }: { storage: Storage; logger: FastifyBaseLogger; mailer: Mailer },
  { workers }: { workers: boolean },
) {
  const { db } = storage;
  const metrics = createMetrics();
  const erasures = createErasures(db, logger);
  const events = createEvents();

  const billing = createBilling(db, config.billing, { now: () => new Date() });
  events.on('userVerified', (tx, { userId }) =>
    grantSignupBonus(tx, userId, billing.config.signupBonusMicros, billing.clock),
  );
  const { stripe } = billing;
  if (stripe) {
    // A deleted account's Stripe customer goes too, with the cards Stripe keeps for it.
    erasures.register('payment_customer', {
      collect: async (tx, userId) => {
        const ref = await customerRefOf(tx, userId);
        return ref ? [ref] : [];
      },
      erase: (ref) => stripe.deleteCustomer(ref),
    });
  }

  // The queue, the engines and, when asked, the workers of this process.
  const transcription = await startTranscriptionRuntime({
    storage,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    config: config.transcription,
    logger,
    workers,
    metrics,
  });
  // The queue as the whole deployment sees it (every process answers the same): one query per
  // scrape, however many gauges read it.
  const queue = sharedFor(1_000, () => activeJobs(db));
  metrics.gauge(
    'parlance_jobs',
    'Transcription jobs by state (live streams apart)',
    ['state'],
    async () => {
      const jobs = await queue();
      return [
        [{ state: 'queued' }, jobs.queued],
        [{ state: 'processing' }, jobs.processing],
      ];
    },
  );
  metrics.gauge(
    'parlance_queue_oldest_seconds',
    'How long the job queued longest has waited since it was (re)queued (0 with none)',
    [],
    async () => [[{}, (await queue()).oldestQueuedSeconds]],
  );
  // A deleted account's audio goes from the blob store too (its rows go by ON DELETE CASCADE).
  erasures.register('blob', {
    collect: blobKeysOf,
    erase: (key) => transcription.blobs.delete(key),
  });

  return {
    billing,
    /** Charges an account's default card when its balance falls below its threshold. */
    autoTopUps: createAutoTopUps({
      db,
      purchases: billing.purchases,
      cards: billing.cards,
      clock: billing.clock,
      mailer,
      appUrl: config.appUrl,
      logger,
    }),
    /** E-mails an account's owner when its balance falls below the alert they set. */
    balanceAlerts: createBalanceAlerts({
      db,
      clock: billing.clock,
      mailer,
      appUrl: config.appUrl,
      logger,
    }),
    transcription,
    /** Resumable uploads (/v1/uploads) and whose each one is. */
    uploads: createUploads({
      db,
      erasures,
      config: config.transcription,
      dataDir: config.dataDir,
      // Longer than a stalled PATCH holds one, so a resumed upload outlasts the one that stalled.
      lockWaitMs: config.uploadTimeouts.idleMs + 30_000,
      log: (message) => logger.warn(message),
    }),
    /** This process's Prometheus metrics (GET /metrics). */
    metrics,
    /** The installed models the engine runs, as /v1/models and the price list show them. */
    models: createModelCatalog(transcription.probeEngine, (message) => logger.info(message)),
    erasures,
    events,
    /** Accounts and their sessions, which this process caches. */
    accounts: createAccounts(db, erasures),
    /** Each account's API keys, and the list of them this process caches. */
    apiKeys: createApiKeys(db),
    /** Stops the workers (letting their jobs finish), the engines and the queue. */
    close: () => transcription.close(),
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

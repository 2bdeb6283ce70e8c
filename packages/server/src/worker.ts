import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { createLogger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { buildServices } from './services.js';
import { serveWorkerHttp } from './system/workerHttp.js';

/** `npm run worker`: a process that only runs transcription jobs (and webhook deliveries) from the queue. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const storage = await openDatabase(config);
  const { transcription } = config;
  const mailer = createMailer(config, storage.db, logger);
  const services = await buildServices(config, { storage, logger, mailer }, { workers: true });
  const http =
    config.workerHttpPort === undefined
      ? undefined
      : await serveWorkerHttp(config.workerHttpPort, {
          storage,
          metrics: services.metrics,
          access: { token: config.metricsToken, deployed: config.deployed },
          host: config.host,
        });
  logger.info(
    { storage: storage.kind, concurrency: transcription.workerConcurrency, httpPort: http?.port },
    'worker ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down: finishing jobs in progress');
    try {
      await services.close();
      // Answering health checks until the jobs in progress are done.
      await http?.close();
      mailer.close();
      await storage.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});

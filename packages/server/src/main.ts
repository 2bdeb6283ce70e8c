import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { createLogger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { acceptedRisks, assertSafeToServe } from './system/safety.js';

async function main(): Promise<void> {
  const config = loadConfig();
  assertSafeToServe(config);
  const logger = createLogger(config);
  for (const risk of acceptedRisks(config)) logger.warn(`unsafe setting accepted: ${risk}`);
  const storage = await openDatabase(config);
  logger.info({ storage: storage.kind }, 'storage ready');
  const mailer = createMailer(config, storage.db, logger);
  const app = await buildApp(config, { storage, mailer, logger });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close(); // stops accepting connections, waits for in-flight requests
      logger.info('requests finished; closing storage');
      mailer.close();
      await storage.close();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});

/**
 * Writes packages/contract/openapi.json from the routes' schemas: `npm run openapi -w @parlance/server`.
 * test/openapi.test.ts fails when the committed file differs from what the routes produce.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import * as prettier from 'prettier';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { createLogger } from '../src/logger.js';
import { createMailer } from '../src/mail/mailer.js';

export const openApiPath = fileURLToPath(new URL('../../contract/openapi.json', import.meta.url));

/** The document as committed: key order from the route registration, formatted by the repo's Prettier. */
export async function renderOpenApi(app: FastifyInstance): Promise<string> {
  await app.ready();
  const options = await prettier.resolveConfig(openApiPath);
  return prettier.format(JSON.stringify(app.swagger()), { ...options, parser: 'json' });
}

/** Builds the production app on throwaway embedded storage and writes its document. */
async function writeOpenApi(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parlance-openapi-'));
  try {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const logger = createLogger(config);
    const storage = await openDatabase(config);
    const app = await buildApp(config, {
      storage,
      mailer: createMailer(config, storage.db, logger),
      logger,
    });
    await writeFile(openApiPath, await renderOpenApi(app));
    await app.close();
    await storage.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`wrote ${openApiPath}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeOpenApi();

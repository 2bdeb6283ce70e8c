import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { openAiRoutes } from './http/openAiRoutes.js';
import { ratesRoute } from './http/ratesRoute.js';
import { realtimeRoutes } from './http/realtimeRoutes.js';
import { transcriptRoutes } from './http/transcriptRoutes.js';
import { userTranscriptRoutes } from './http/userRoutes.js';
import { blobKeysOf } from './jobs/repository.js';
import { createModelCatalog } from './models.js';
import { startTranscriptionRuntime } from './runtime.js';

/**
 * Transcription: the public API (/v1/transcript, /v1/models, the OpenAI-compatible
 * /v1/audio/transcriptions, live streams at /v1/realtime), the dashboard history and the public price
 * list of the installed models. Starts the queue and, unless
 * EMBEDDED_WORKERS=false, the workers in this process; all stop with the app.
 */
export const transcriptionRoutes: FastifyPluginAsync = async (app) => {
  const config = app.config.transcription;
  const runtime = await startTranscriptionRuntime({
    storage: app.deps.storage,
    databaseUrl: app.config.databaseUrl,
    dataDir: app.config.dataDir,
    config,
    logger: app.log,
    workers: config.embeddedWorkers,
  });
  app.addHook('onClose', () => runtime.close());
  // A deleted account's audio goes from the blob store too (its rows go by ON DELETE CASCADE).
  app.erasures.register('blob', {
    collect: blobKeysOf,
    erase: (key) => runtime.blobs.delete(key),
  });
  const catalog = createModelCatalog(runtime.probeEngine);

  await app.register(fastifyMultipart, { limits: { fileSize: config.maxUploadBytes, files: 1 } });
  await app.register(transcriptRoutes, { runtime, catalog });
  await app.register(openAiRoutes, { runtime, catalog });
  await app.register(realtimeRoutes, { runtime, catalog });
  await app.register(userTranscriptRoutes, { db: runtime.storage.db });
  await app.register(ratesRoute, { catalog });
};

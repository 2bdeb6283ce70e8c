import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { openAiRoutes } from './http/openAiRoutes.js';
import { ratesRoute } from './http/ratesRoute.js';
import { realtimeRoutes } from './http/realtimeRoutes.js';
import { transcriptRoutes } from './http/transcriptRoutes.js';
import { uploadRoutes } from './http/uploadRoutes.js';
import { userTranscriptRoutes } from './http/userRoutes.js';

/**
 * Transcription: the public API (/v1/transcript, resumable uploads at /v1/uploads, /v1/models, the OpenAI-compatible
 * /v1/audio/transcriptions, live streams at /v1/realtime), the dashboard history and the public price
 * list of the installed models, over the queue, engines and workers the composition root started
 * (services.ts).
 */
export const transcriptionRoutes: FastifyPluginAsync = async (app) => {
  const { transcription: runtime, models: catalog, uploads } = app.services;
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.config.transcription.maxUploadBytes, files: 1 },
  });
  await app.register(transcriptRoutes, { runtime, catalog, uploads });
  await app.register(uploadRoutes, { uploads, maxBytes: runtime.config.maxResumableBytes });
  await app.register(openAiRoutes, { runtime, catalog });
  await app.register(realtimeRoutes, { runtime, catalog });
  await app.register(userTranscriptRoutes, { db: runtime.storage.db });
  await app.register(ratesRoute, { catalog });
};

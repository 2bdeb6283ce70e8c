import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentApiKeyId,
  currentUser,
  requireApiKey,
  requireApiKeyOrSession,
  requireSession,
} from '../../auth/guards.js';
import { API_ERRORS, defaultModelFor } from '@parlance/contract/endpoints';
import {
  PiiPolicy,
  type ErrorResponse,
  REALTIME_CLOSE,
  RealtimeQuery,
  realtimeOperations,
} from '@parlance/contract';
import { getUser } from '../../auth/users.js';
import { HttpError } from '../../http/errors.js';
import { serve } from '../../http/operation.js';
import { validationMessage } from '../../validationMessage.js';
import type { TranscriptionConfig } from '../config.js';
import { languageDetection } from '../languageDetection.js';
import type { ModelCatalog } from '../models.js';
import { loadLiveCapacity } from '../realtime/capacity.js';
import { LiveStreams, serveLiveStream, StreamRefusal, type Opening } from '../realtime/session.js';
import { issueRealtimeToken, spendRealtimeToken } from '../realtime/tokens.js';
import type { TranscriptionRuntime } from '../runtime.js';
import { apiLimits } from './limits.js';

/** A frame larger than this closes the socket (1009): 8 s of 16 kHz audio; clients send 0.1 to 1 s. */
const MAX_FRAME_BYTES = 256 * 1024;

/** A stream's model (undefined: the default for its language) and language, from the catalog. */
function resolveLive(
  catalog: ModelCatalog,
  config: TranscriptionConfig,
  model: string | undefined,
  language: string | null,
) {
  const code = language ?? undefined;
  return catalog.resolve(model ?? defaultModelFor(config.defaultModels, code, 'transcribe'), code);
}

/**
 * The models a stream may be served with, most accurate (the dearest) first: for `auto`, every
 * installed model for the language (English-only ones only for English); for the default, the
 * default, then, if this server measured that it cannot keep up with the default even alone, the
 * most accurate model no dearer that can (so `fallback_from` names the default). A named model
 * alone.
 */
async function liveModels(
  catalog: ModelCatalog,
  config: TranscriptionConfig,
  streams: LiveStreams,
  model: string | undefined,
  language: string | null,
): Promise<string[]> {
  if (model !== undefined && model !== AUTO) {
    return [(await resolveLive(catalog, config, model, language)).model];
  }
  const byAccuracy = (await catalog.list())
    .filter((m) => !m.englishOnly || language === 'en')
    .sort((a, b) => b.microsPerHour - a.microsPerHour);
  if (model === AUTO) {
    // Where some models were measured, auto offers only those: one not measured is a guess.
    const measured = byAccuracy.filter((m) => streams.measured(m.model));
    return (measured.length > 0 ? measured : byAccuracy).map((m) => m.model);
  }
  const chosen = (await resolveLive(catalog, config, undefined, language)).model;
  if (streams.capacityOf(chosen) >= 1) return [chosen];
  const price = byAccuracy.find((m) => m.model === chosen)?.microsPerHour ?? Infinity;
  const keepsUp = byAccuracy.find(
    (m) => m.microsPerHour <= price && streams.capacityOf(m.model) >= 1,
  );
  return [chosen, ...(keepsUp ? [keepsUp.model] : [])];
}

/** `model=auto`: the most accurate model this server can serve in real time now. */
const AUTO = 'auto';

export interface RealtimeRouteOptions {
  runtime: TranscriptionRuntime;
  catalog: ModelCatalog;
}

/**
 * Live transcription: `GET /v1/realtime` upgraded to a WebSocket (API key in the Authorization
 * header, or `?token=` from the token routes for browsers), and the token routes.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRouteOptions> = async (
  app,
  { runtime, catalog },
) => {
  const { config } = runtime;
  const { db } = runtime.storage;
  const capacity = loadLiveCapacity(config.liveCapacity, runtime.dataDir);
  app.log.info(
    { capacity: capacity.streams, source: capacity.source },
    'live streams served in real time at once, by model',
  );
  const streams = new LiveStreams(
    config.liveMaxStreams,
    config.liveUnusedSecondsPerHour,
    // Each stream's end waits on the engine for at most the drain timeout, then (if the engine
    // is stuck) a cancel and a ping of 10 s each; saving follows.
    (config.liveDrainTimeoutSeconds + 30) * 1000,
    capacity.streams,
  );
  const { metrics } = app.services;
  metrics.gauge('parlance_live_streams_open', 'Live streams this process serves now', [], () => [
    [{}, streams.openCount],
  ]);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Streams end as a restart's first step: each is transcribed to its end, saved and billed
    // while the engine still runs, then the sockets close.
    preClose: async function (this: typeof app) {
      await streams.closeAll();
      for (const client of this.websocketServer.clients) client.close(REALTIME_CLOSE.shuttingDown);
    },
  });
  const limits = apiLimits(app);
  app.addHook('onRequest', limits.perIp);

  const issue = async (request: FastifyRequest) => {
    const { token, expiresAt } = await issueRealtimeToken(db, {
      userId: currentUser(request).id,
      apiKeyId: currentApiKeyId(request),
    });
    return { token, expires_at: expiresAt.toISOString() };
  };
  serve(app, realtimeOperations.sessionToken, issue, {
    preHandler: [requireSession, limits.perCaller],
  });
  serve(app, realtimeOperations.token, issue, {
    preHandler: [requireApiKeyOrSession, limits.perCaller],
  });

  /** Who the stream is for and how it is heard, or a refusal (4400, 4401). */
  async function opening(request: FastifyRequest): Promise<Opening> {
    const parsed = RealtimeQuery.safeParse(request.query);
    if (!parsed.success) {
      throw new StreamRefusal(
        REALTIME_CLOSE.badRequest,
        'validation_failed',
        validationMessage(parsed.error, 'query'),
      );
    }
    const query = parsed.data;
    let userId: string;
    let apiKeyId: string | null = null;
    if (request.headers.authorization !== undefined) {
      try {
        await requireApiKey(request);
      } catch (err) {
        if (err instanceof HttpError)
          throw new StreamRefusal(REALTIME_CLOSE.unauthorized, err.code, err.message);
        throw err;
      }
      userId = currentUser(request).id;
      apiKeyId = currentApiKeyId(request);
    } else if (query.token !== undefined) {
      const owner = await spendRealtimeToken(db, query.token);
      if (!owner) {
        throw new StreamRefusal(
          REALTIME_CLOSE.unauthorized,
          'invalid_token',
          'This stream token is invalid, expired or already used; ask for a new one',
        );
      }
      ({ userId, apiKeyId } = owner);
    } else {
      throw new StreamRefusal(
        REALTIME_CLOSE.unauthorized,
        'unauthenticated',
        'Send an API key as "Authorization: Bearer <key>", or a token from POST /v1/realtime/token as ?token=',
      );
    }
    const language = query.language ?? null;
    const { fallbackLanguage } = await getUser(db, userId);
    // Fields that cannot apply together throw a 400, which serveLiveStream sends as 4400.
    const detection = languageDetection(query, fallbackLanguage);
    const models = await liveModels(catalog, config, streams, query.model, language);
    const settings = await resolveLive(catalog, config, models[0], language);
    return {
      models,
      userId,
      apiKeyId,
      accountFallbackLanguage: fallbackLanguage,
      settings: { ...settings, keyterms: null, detection },
      redaction: query.redact_pii
        ? {
            policies: PiiPolicy.options.filter((policy) => query.redact_pii!.includes(policy)),
            sub: query.redact_pii_sub,
          }
        : null,
      sampleRate: query.sample_rate,
      endOfTurnSilenceMs: query.end_of_turn_silence_ms,
      modelNamed: query.model !== undefined,
    };
  }

  serve(
    app,
    realtimeOperations.stream,
    async (_request, reply) =>
      reply
        .code(API_ERRORS.upgrade_required.status)
        .header('upgrade', 'websocket')
        .send({
          code: 'upgrade_required',
          message: 'Connect with a WebSocket (Upgrade: websocket)',
        } satisfies ErrorResponse),
    {
      // The query is checked after the upgrade, so a browser hears why (4400) instead of a 400
      // it cannot read.
      attachValidation: true,
      wsHandler: (socket, request) =>
        serveLiveStream(
          socket,
          {
            db,
            engine: runtime.liveEngine,
            config,
            streams,
            log: request.log,
            refused: metrics.liveStreamsRefused,
            resolve: (model, language) => resolveLive(catalog, config, model, language),
          },
          () => opening(request),
        ),
    },
  );
};

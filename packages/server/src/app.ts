import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SessionCache } from './auth/sessionCache.js';
import type { Config } from './config.js';
import type { ApiKey } from '@parlance/contract';
import type { Storage } from './db/index.js';
import { ReadCache } from './db/readCache.js';
import { registerCsrfCheck } from './http/csrf.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { registerNulCheck } from './http/nulCheck.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimitStore } from './http/rateLimit.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerSpa } from './http/spa.js';
import type { Mailer } from './mail/mailer.js';
import { routePlugins } from './routes.js';
import { createErasures } from './system/erasures.js';
import { createEvents } from './system/events.js';
import { housekeeping } from './system/housekeeping.js';

/**
 * What the app needs from outside. Modules that need more add fields by declaration merging:
 * `declare module '../app.js' { interface AppDeps { engine: Engine } }`.
 */
export interface AppDeps {
  storage: Storage;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    deps: AppDeps;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * A signed-in request asks the database nothing while its session was read under 5 s ago. Other
 * processes' sign-outs, password changes and deletions take effect here within those 5 s (this
 * process's own, at once); 10,000 sessions hold a few MB.
 */
export const SESSION_CACHE = { ttlMs: 5_000, maxEntries: 10_000 };

/**
 * GET /api/api-keys answers from this process's memory for the same 5 s (PGlite made its one query
 * cost four times the rest of the request). This process's key writes, uses included, forget the
 * owner's list at once; another process's show within 5 s. Authentication never reads this cache.
 */
export const API_KEY_LIST_CACHE = { ttlMs: 5_000, maxEntries: 10_000 };

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const trusted = config.trustProxy;
  const app = Fastify({
    loggerInstance: deps.logger,
    // A hop count trusts the nearest N peers whoever they are (Fastify itself refuses numbers for
    // that reason): right only when the server cannot be reached except through those proxies.
    trustProxy: typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted,
    bodyLimit: 1024 * 1024,
    // Node's own limit on receiving a whole request (any body, checked every 30 s). Uploads are cut
    // off earlier, with a 408 and their staged bytes removed (transcription/http/multipart.ts).
    requestTimeout: config.uploadTimeouts.totalMs + config.uploadTimeouts.idleMs,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('deps', deps);
  app.decorate('erasures', createErasures(deps.storage.db, app.log));
  app.decorate('events', createEvents());
  app.decorate('sessionCache', new SessionCache(SESSION_CACHE));
  app.decorate('apiKeyLists', new ReadCache<ApiKey[]>(API_KEY_LIST_CACHE));
  app.decorateRequest('user', null);
  app.decorateRequest('account', null);
  app.decorateRequest('auth', null);
  // While shutting down, in-flight responses close their keep-alive connection, so close() can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(fastifyCookie);
  await registerRateLimitStore(app, config.redisUrl);
  registerCsrfCheck(app);
  registerNulCheck(app);
  await registerOpenApi(app);

  for (const plugin of routePlugins) await app.register(plugin);
  await app.register(housekeeping);

  await registerSpa(app, config.staticDir, config.appUrl);
  return app;
}

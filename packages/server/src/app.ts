import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Storage } from './db/index.js';
import { registerCsrfCheck } from './http/csrf.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { registerHostCheck } from './http/hostCheck.js';
import { registerNulCheck } from './http/nulCheck.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimitStore } from './http/rateLimit.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerSpa } from './http/spa.js';
import type { Mailer } from './mail/mailer.js';
import { routePlugins } from './routes.js';
import { buildServices } from './services.js';
import { housekeeping } from './system/housekeeping.js';
import { retention } from './transcription/retention.js';
import { balanceSweep } from './billing/balanceSweep.js';

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

  const services = await buildServices(config, deps, {
    workers: config.transcription.embeddedWorkers,
  });
  app.decorate('services', services);
  // Each answer by its route's pattern (never the path: ids would make a series per transcript).
  app.addHook('onResponse', async (request, reply) => {
    services.metrics.httpRequests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  // The root's onClose runs after every plugin's own (Fastify closes children first): live streams
  // end and timers stop before the queue, the engines and the workers do.
  app.addHook('onClose', () => services.close());
  // Should anything below fail, the queue, engines and workers just started stop again.
  try {
    registerErrorHandling(app);
    registerHostCheck(app, config);
    registerSecurityHeaders(app, { https: config.secureCookies, stripe: config.billing.stripe });
    await app.register(fastifyCookie);
    await registerRateLimitStore(app, config.redisUrl);
    registerCsrfCheck(app);
    registerNulCheck(app);
    await registerOpenApi(app);

    for (const plugin of routePlugins) await app.register(plugin);
    await app.register(housekeeping);
    await app.register(retention);
    await app.register(balanceSweep);

    await registerSpa(app, config.staticDir, config.appUrl);
  } catch (err) {
    await services.close();
    throw err;
  }
  return app;
}

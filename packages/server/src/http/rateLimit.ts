import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { tooManyRequests } from './errors.js';

/**
 * Counters live in this process's memory by default (right for one API process). With REDIS_URL
 * every API process shares them. If Redis is unreachable, requests pass (logged) rather than fail.
 */
export async function registerRateLimitStore(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<void> {
  if (!redisUrl) {
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    lazyConnect: true,
  });
  redis.on('error', (err) => app.log.warn({ err }, 'rate-limit Redis error'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'parlance:ratelimit:',
    skipOnError: true,
  });
}

export interface LimitRule {
  /** Names the counter; rules with the same name and key share it. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted, e.g. the client IP or the e-mail in the body; undefined skips the rule. */
  key: (request: FastifyRequest) => string | undefined;
}

/** A preHandler that counts each request against every rule and answers 429 with Retry-After when one is exceeded. */
export function limitBy(app: FastifyInstance, rules: LimitRule[]): preHandlerAsyncHookHandler {
  const limiters = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
    }),
  }));
  return async (request) => {
    for (const { rule, check } of limiters) {
      if (rule.key(request) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(Math.max(1, result.ttlInSeconds));
    }
  };
}

/** Per-IP and per-e-mail limits for the sign-in family of routes, from the configuration. */
export function authLimits(
  app: FastifyInstance,
  name: string,
  email: (request: FastifyRequest) => string | undefined = emailInBody,
): preHandlerAsyncHookHandler {
  const { windowMs, perIp, perEmail } = app.config.authRateLimit;
  return limitBy(app, [
    { name: `${name}:ip`, max: perIp, windowMs, key: (request) => request.ip },
    { name: `${name}:email`, max: perEmail, windowMs, key: email },
  ]);
}

function emailInBody(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email : undefined;
}

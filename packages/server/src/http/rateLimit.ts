import { createRequire } from 'node:module';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { tooManyRequests } from './errors.js';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's limiters by rule, so every route naming the same rule counts on one counter. */
    rateLimiters: Map<string, Limiter>;
  }
}

/** @fastify/rate-limit's store contract (its two stores are not in its typings). */
interface Store {
  incr(
    key: string,
    done: (err: Error | null, result: { current: number; ttl: number } | null) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (...args: never[]) => Store;
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/**
 * Counts in Redis, and in this process's memory whenever Redis does not answer: an outage
 * loosens the limits to one process's view, never switches them off.
 */
class RedisOrLocalStore implements Store {
  constructor(
    private readonly redis: Store,
    private readonly local: Store,
    private readonly onFallback: (err: Error) => void,
  ) {}

  incr(...[key, done, timeWindow, max]: Parameters<Store['incr']>): void {
    this.redis.incr(
      key,
      (err, result) => {
        if (!err) return done(null, result);
        this.onFallback(err);
        this.local.incr(key, done, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): Store {
    return new RedisOrLocalStore(
      this.redis.child(routeOptions),
      this.local.child(routeOptions),
      this.onFallback,
    );
  }
}

/**
 * Counters live in this process's memory by default (right for one API process). With REDIS_URL
 * every API process shares them; while Redis is unreachable each process counts on its own.
 */
export async function registerRateLimitStore(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<void> {
  app.decorate('rateLimiters', new Map<string, Limiter>());
  if (!redisUrl) {
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // A Redis that accepts connections but stops answering must fall back, not hang requests.
    commandTimeout: 1000,
    lazyConnect: true,
  });
  redis.on('error', (err) => app.log.warn({ err }, 'rate-limit Redis error'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  const onFallback = (err: Error) =>
    app.log.warn({ err }, 'rate-limit Redis unreachable: counting in this process');
  const namespace = 'parlance:ratelimit:';
  await app.register(fastifyRateLimit, {
    global: false,
    store: class {
      constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
        const { continueExceeding, exponentialBackoff } = params;
        return new RedisOrLocalStore(
          new (RedisStore as unknown as new (...a: unknown[]) => Store)(
            continueExceeding,
            exponentialBackoff,
            redis,
            namespace,
          ),
          new (LocalStore as unknown as new (...a: unknown[]) => Store)(
            continueExceeding,
            exponentialBackoff,
          ),
          onFallback,
        );
      }
    } as never,
  });
}

export interface LimitRule {
  /** Names the counter; rules with the same name, max and window share it, on any route. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted, e.g. the client IP or the e-mail in the body; undefined skips the rule. */
  key: (request: FastifyRequest) => string | undefined;
}

/** A rule's limiter, made once per app: @fastify/rate-limit gives each its own in-memory store. */
function limiterOf(app: FastifyInstance, rule: LimitRule): Limiter {
  const id = `${rule.name}|${rule.max}|${rule.windowMs}`;
  let limiter = app.rateLimiters.get(id);
  if (!limiter) {
    limiter = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
    });
    app.rateLimiters.set(id, limiter);
  }
  return limiter;
}

/**
 * A hook (onRequest or preHandler) that counts each request against every rule and answers 429
 * with Retry-After when one is exceeded.
 */
export function limitBy(
  app: FastifyInstance,
  rules: LimitRule[],
): (request: FastifyRequest) => Promise<void> {
  const limiters = rules.map((rule) => ({ rule, check: limiterOf(app, rule) }));
  return async (request) => {
    for (const { rule, check } of limiters) {
      if (rule.key(request) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(Math.max(1, result.ttlInSeconds));
    }
  };
}

/** At most `max` requests per signed-in user in 10 minutes (for work one user can repeat). */
export const perUser = (app: FastifyInstance, name: string, max: number) =>
  limitBy(app, [{ name, max, windowMs: 10 * 60_000, key: (request) => request.user?.id }]);

/**
 * Per-IP and per-subject limits for the sign-in family of routes, from the configuration. The
 * subject is the e-mail in the body unless the route names another (a registration).
 */
export function authLimits(
  app: FastifyInstance,
  name: string,
  subject: (request: FastifyRequest) => string | undefined = emailInBody,
): (request: FastifyRequest) => Promise<void> {
  const { windowMs, perIp, perEmail } = app.config.authRateLimit;
  return limitBy(app, [
    { name: `${name}:ip`, max: perIp, windowMs, key: (request) => request.ip },
    { name: `${name}:subject`, max: perEmail, windowMs, key: subject },
  ]);
}

function emailInBody(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email : undefined;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentApiKeyId } from '../../auth/guards.js';
import { limitBy } from '../../http/rateLimit.js';

const apiKey = (request: FastifyRequest) => currentApiKeyId(request) ?? undefined;
/** The account, whichever of its keys (or its session, in the playground) made the request. */
const account = (request: FastifyRequest) => request.user?.id;

export interface ApiLimits {
  /** onRequest: per IP, before authentication or the body (a flood costs no database work). */
  perIp: (request: FastifyRequest) => Promise<void>;
  /**
   * preHandler after authentication: per API key, and per account across all of its keys, so
   * creating more keys does not raise an account's limit.
   */
  perCaller: (request: FastifyRequest) => Promise<void>;
  /**
   * Route hooks of the routes that accept audio, which also count against the lower submission
   * limits. Both run before a multipart body is read, so a refused upload never reaches the disk.
   */
  submission: {
    onRequest: (request: FastifyRequest) => Promise<void>;
    preHandler: (request: FastifyRequest) => Promise<void>;
  };
}

/** The /v1 rate limits (API_RATE_LIMIT_*), shared by every /v1 route plugin. */
export function apiLimits(app: FastifyInstance): ApiLimits {
  const limits = app.config.apiRateLimit;
  const { windowMs } = limits;
  const ip = (request: FastifyRequest) => request.ip;
  return {
    perIp: limitBy(app, [{ name: 'v1:ip', max: limits.perIp, windowMs, key: ip }]),
    perCaller: limitBy(app, [
      { name: 'v1:key', max: limits.perKey, windowMs, key: apiKey },
      { name: 'v1:user', max: limits.perUser, windowMs, key: account },
    ]),
    submission: {
      onRequest: limitBy(app, [
        { name: 'v1:submit:ip', max: limits.perIpSubmissions, windowMs, key: ip },
      ]),
      preHandler: limitBy(app, [
        { name: 'v1:submit:key', max: limits.perKeySubmissions, windowMs, key: apiKey },
        { name: 'v1:submit:user', max: limits.perUserSubmissions, windowMs, key: account },
      ]),
    },
  };
}

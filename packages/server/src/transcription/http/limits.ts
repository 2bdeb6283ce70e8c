import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitBy } from '../../http/rateLimit.js';

/** Who a /v1 request is counted against: its API key, or the signed-in user (the playground). */
function caller(request: FastifyRequest): string | undefined {
  if (request.auth?.kind === 'apiKey') return `key:${request.auth.apiKeyId}`;
  return request.user ? `user:${request.user.id}` : undefined;
}

export interface ApiLimits {
  /** onRequest: per IP, before authentication or the body (a flood costs no database work). */
  perIp: (request: FastifyRequest) => Promise<void>;
  /** preHandler after authentication: per API key or user. */
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
  const { windowMs, perIp, perIpSubmissions, perKey, perKeySubmissions } = app.config.apiRateLimit;
  const ip = (request: FastifyRequest) => request.ip;
  return {
    perIp: limitBy(app, [{ name: 'v1:ip', max: perIp, windowMs, key: ip }]),
    perCaller: limitBy(app, [{ name: 'v1:caller', max: perKey, windowMs, key: caller }]),
    submission: {
      onRequest: limitBy(app, [{ name: 'v1:submit:ip', max: perIpSubmissions, windowMs, key: ip }]),
      preHandler: limitBy(app, [
        { name: 'v1:submit:caller', max: perKeySubmissions, windowMs, key: caller },
      ]),
    },
  };
}

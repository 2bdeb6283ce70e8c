import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { HttpError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated mutations must come from our own pages: their Origin (or, failing that,
 * Referer) must be the app's or this server's origin. Requests with no session cookie cannot ride
 * on a victim's cookies, so they pass; so do public API (/v1) calls with an Authorization header,
 * which those routes authenticate by the key alone. On the dashboard's cookie-only routes an
 * Authorization header changes nothing: the cookie is what authenticates, so the check applies.
 */
export function registerCsrfCheck(app: FastifyInstance): void {
  const trusted = new Set([
    new URL(app.config.appUrl).origin,
    new URL(app.config.publicUrl).origin,
  ]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    if (request.headers.authorization && request.routeOptions.url?.startsWith('/v1/')) return;
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    const own = `${request.protocol}://${request.host}`;
    if (origin && (trusted.has(origin) || origin === own)) return;
    throw new HttpError(
      'csrf_rejected',
      'This request did not come from the Parlance app. Reload the page and try again.',
    );
  });
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

import type { FastifyInstance } from 'fastify';

/**
 * A policy that never blocks the app's own scripts and styles (nor the bot check or the payment
 * provider) but forbids framing, plugins and a foreign <base>: clickjacking and injection
 * footholds are closed on every response.
 */
const CONTENT_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

/** Security headers on every response; HSTS only when the app is served over HTTPS. */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * Only this origin's scripts run (plus Cloudflare's bot check, which the sign-up page loads and
 * frames): an injected <script> or inline handler is refused. Styles may be inline because
 * styled-components writes its rules into a <style> element at run time, and the prerendered home
 * page carries its CSS in <style> elements of its own (packages/app/scripts/prerender.ts). Audio
 * plays from this origin, object URLs of uploads, and the URLs users submitted. No framing,
 * plugins, foreign <base> or forms posting elsewhere. Routes that need more (Swagger UI) set their
 * own.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://challenges.cloudflare.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob: https: http:",
  "connect-src 'self'",
  'frame-src https://challenges.cloudflare.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

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

import type { FastifyInstance } from 'fastify';
import type { BillingConfig } from '../billing/config.js';

/**
 * Only this origin's scripts run (plus Cloudflare's bot check, which the sign-up page loads and
 * frames, and, where payments go through Stripe, Stripe.js with its frames and API calls): an
 * injected <script> or inline handler is refused. Styles may be inline because styled-components
 * writes its rules into a <style> element at run time, and the prerendered home page carries its
 * CSS in <style> elements of its own (packages/app/scripts/prerender.ts). Audio plays from this
 * origin, object URLs of uploads, and the URLs users submitted. No framing, plugins, foreign
 * <base> or forms posting elsewhere. Routes that need more (Swagger UI) set their own.
 *
 * The app is one document whose routes change in the browser, so the policy is the same on every
 * page: a document first opened at /login must still allow Stripe.js when the billing page loads
 * it. The app loads it only there.
 */
export function contentSecurityPolicy(stripe: BillingConfig['stripe']): string {
  const payments = stripe ? stripeSources(stripe.jsUrl) : { script: [], frame: [], connect: [] };
  return [
    "default-src 'self'",
    ["script-src 'self' https://challenges.cloudflare.com", ...payments.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob: https: http:",
    ["connect-src 'self'", ...payments.connect].join(' '),
    ['frame-src https://challenges.cloudflare.com', ...payments.frame].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The origins Stripe's integration security guide lists for Stripe.js (its Address Element's
 * Google Maps origins left out: the app does not use it), or, in tests, the stand-in's origin
 * (which serves its script, frames and API).
 */
function stripeSources(jsUrl: URL | undefined) {
  if (jsUrl) return { script: [jsUrl.origin], frame: [jsUrl.origin], connect: [jsUrl.origin] };
  return {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  };
}

/** Security headers on every response; HSTS only when the app is served over HTTPS. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { https, stripe }: { https: boolean; stripe: BillingConfig['stripe'] },
): void {
  const policy = contentSecurityPolicy(stripe);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policy);
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

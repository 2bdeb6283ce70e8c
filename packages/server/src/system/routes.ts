import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemOperations, type ServiceLimits } from '@parlance/contract';
import type { Config } from '../config.js';
import { serve } from '../http/operation.js';
import { readiness, scrape } from './probes.js';

/** The limits requests are held to, as this server's settings say. */
function serviceLimits({ transcription: t, apiRateLimit: rate }: Config): ServiceLimits {
  return {
    maxUploadBytes: t.maxUploadBytes,
    maxResumableUploadBytes: t.maxResumableBytes,
    maxAudioSeconds: t.maxAudioSeconds,
    maxRunningJobsPerAccount: t.maxRunningPerAccount,
    rateLimitWindowSeconds: rate.windowMs / 1000,
    requestsPerKey: rate.perKey,
    submissionsPerKey: rate.perKeySubmissions,
    requestsPerAccount: rate.perUser,
    submissionsPerAccount: rate.perUserSubmissions,
    requestsPerIp: rate.perIp,
    submissionsPerIp: rate.perIpSubmissions,
    liveStreamsPerAccount: t.liveMaxStreamsPerAccount,
    liveIdleTimeoutSeconds: t.liveIdleTimeoutSeconds,
    liveUnusedSecondsPerHour: t.liveUnusedSecondsPerHour,
  };
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, systemOperations.health, async () => ({ status: 'ok' as const }));

  // A failing ping is logged with its cause by the error handler (a 503).
  serve(app, systemOperations.ready, async () => readiness(app.deps.storage));

  serve(app, systemOperations.metrics, async (request, reply) => {
    const { metricsToken: token, deployed } = app.config;
    const { contentType, body } = await scrape(
      request.raw,
      { token, deployed },
      app.services.metrics,
    );
    return reply.type(contentType).send(body);
  });

  serve(app, systemOperations.config, async () => ({
    turnstileSiteKey: app.config.turnstile?.siteKey ?? null,
    googleEnabled: app.config.google !== null,
    testPayments: app.config.billing.testMode,
    signupCreditMicros: app.config.billing.signupBonusMicros,
    limits: serviceLimits(app.config),
  }));
};

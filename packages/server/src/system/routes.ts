import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemPaths } from '@parlance/contract/endpoints';
import {
  HealthResponse,
  PublicConfig,
  ReadyResponse,
  type ServiceLimits,
} from '@parlance/contract';
import type { Config } from '../config.js';
import { errorResponses, fileResponse } from '../http/schemas.js';
import { METRICS_CONTENT_TYPE } from './metrics.js';
import { readiness, scrape } from './probes.js';

const tags = ['system'];

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
  app.get(
    systemPaths.health,
    {
      schema: { tags, summary: 'Liveness: the process answers', response: { 200: HealthResponse } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    systemPaths.ready,
    {
      schema: {
        tags,
        summary: 'Readiness: storage answers',
        response: { 200: ReadyResponse, ...errorResponses(503) },
      },
    },
    // A failing ping is logged with its cause by the error handler (a 503).
    async () => readiness(app.deps.storage),
  );

  app.get(
    systemPaths.metrics,
    {
      schema: {
        tags,
        summary:
          'Prometheus metrics of this process (METRICS_TOKEN as a bearer token, or this machine)',
        response: {
          200: fileResponse('The metrics, in Prometheus’ text format', METRICS_CONTENT_TYPE),
          ...errorResponses(403),
        },
      },
    },
    async (request, reply) => {
      const { metricsToken: token, deployed } = app.config;
      const { contentType, body } = await scrape(
        request.raw,
        { token, deployed },
        app.services.metrics,
      );
      return reply.type(contentType).send(body);
    },
  );

  app.get(
    systemPaths.config,
    {
      schema: {
        tags,
        summary: 'What the web app needs before sign-in',
        response: { 200: PublicConfig },
      },
    },
    async () => ({
      turnstileSiteKey: app.config.turnstile?.siteKey ?? null,
      googleEnabled: app.config.google !== null,
      testPayments: app.config.billing.testMode,
      signupCreditMicros: app.config.billing.signupBonusMicros,
      limits: serviceLimits(app.config),
    }),
  );
};

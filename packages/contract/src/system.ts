import { z } from 'zod';
import { systemEndpoints } from './apiPaths.js';
import { Micros, Timestamp } from './common.js';
import { describeEndpoints, fileResponse } from './operation.js';

export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const ReadyResponse = z.object({
  status: z.literal('ready'),
  storage: z.enum(['pglite', 'postgres']),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

/** The limits this server holds requests to (its settings: a deployment may change them). */
export const ServiceLimits = z
  .object({
    maxUploadBytes: z
      .number()
      .int()
      .describe('The largest file an upload or audio_url may be, in bytes (413 file_too_large)'),
    maxResumableUploadBytes: z
      .number()
      .int()
      .describe('The largest resumable upload (/v1/uploads), in bytes (413 file_too_large)'),
    maxAudioSeconds: z
      .number()
      .describe('The longest audio transcribed, in seconds (413 audio_too_long)'),
    maxRunningJobsPerAccount: z
      .number()
      .int()
      .describe("An account's jobs transcribed at once; the rest wait in the queue"),
    rateLimitWindowSeconds: z.number().int().describe('The window the request limits count in'),
    requestsPerKey: z.number().int().describe('/v1 requests per API key and window (429)'),
    submissionsPerKey: z.number().int().describe('/v1 submissions per API key and window'),
    requestsPerAccount: z
      .number()
      .int()
      .describe('/v1 requests per account, all its keys together'),
    submissionsPerAccount: z.number().int().describe('/v1 submissions per account and window'),
    requestsPerIp: z.number().int().describe('/v1 requests per client address and window'),
    submissionsPerIp: z.number().int().describe('/v1 submissions per client address and window'),
    liveStreamsPerAccount: z
      .number()
      .int()
      .describe('Live streams one account may hold open at once'),
    liveIdleTimeoutSeconds: z
      .number()
      .describe('A live stream without sound for this long is closed (4408)'),
    liveUnusedSecondsPerHour: z
      .number()
      .describe('Seconds an account may hold live streams open beyond its audio, per hour'),
  })
  .meta({ id: 'ServiceLimits' });
export type ServiceLimits = z.infer<typeof ServiceLimits>;

/** What the web app needs to know before sign-in. */
export const PublicConfig = z.object({
  turnstileSiteKey: z.string().nullable(),
  googleEnabled: z.boolean(),
  testPayments: z
    .boolean()
    .describe(
      'Payments are in test mode (the built-in test provider, or a Stripe test key): no real money moves (the app says so)',
    ),
  signupCreditMicros: Micros.describe(
    'Credit a new account gets once its e-mail is verified (once per mailbox), in US micro-dollars; 0 for none',
  ),
  limits: ServiceLimits,
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const OutboxMessage = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: Timestamp,
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxQuery = z.object({ to: z.string().optional() });
export const OutboxResponse = z.object({ messages: z.array(OutboxMessage) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;

const tags = ['system'];

export const systemOperations = describeEndpoints(systemEndpoints, {
  health: {
    tags,
    summary: 'Liveness: the process answers',
    responses: { 200: HealthResponse },
    errors: [],
  },
  ready: {
    tags,
    summary: 'Readiness: storage answers',
    responses: { 200: ReadyResponse },
    errors: [503],
  },
  metrics: {
    tags,
    summary:
      'Prometheus metrics of this process (METRICS_TOKEN as a bearer token, or this machine)',
    // Prometheus' text format is `text/plain; version=0.0.4`.
    responses: { 200: fileResponse('The metrics, in Prometheus’ text format', 'text/plain') },
    errors: [403],
  },
  config: {
    tags,
    summary: 'What the web app needs before sign-in',
    responses: { 200: PublicConfig },
    errors: [],
  },
});

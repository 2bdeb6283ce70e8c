import { z } from 'zod';
import { Micros, Timestamp } from './common.js';

export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const ReadyResponse = z.object({
  status: z.literal('ready'),
  storage: z.enum(['pglite', 'postgres']),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

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

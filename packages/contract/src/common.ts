import { z } from 'zod';
import { API_ERRORS, type ApiErrorCode } from './apiErrors.js';

/** The one error shape every failing call answers with. */
export const ErrorResponse = z
  .object({
    message: z.string().describe('Human-readable, safe to show to the user'),
    code: z
      .enum(Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]])
      .describe('Stable machine-readable error code: the docs list what each means'),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Answer of calls that only confirm what happened. */
export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const Timestamp = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time');

/** Money travels as integer micro-dollars next to the exact amount as text (see money.ts). */
export const Micros = z.number().int().describe('US micro-dollars (1 USD = 1,000,000)');
export const UsdText = z.string().describe('Exact amount in dollars, e.g. "$12.34", "$0.000367"');

export const Email = z.email({ error: 'Enter a valid email address' }).max(254).toLowerCase();

export const IdParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
export type IdParams = z.infer<typeof IdParams>;

/** Who sent a job: one of the account's API keys, or the web app (the playground). */
export const Sender = {
  apiKeyId: z
    .string()
    .nullable()
    .describe('The API key that sent it; null from the web app or once the key is deleted'),
  sender: z
    .string()
    .describe('The key\'s name (a deleted key\'s marked "(deleted key)"), or "Playground"'),
};

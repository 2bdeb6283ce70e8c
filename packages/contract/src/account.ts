import { z } from 'zod';
import { accountEndpoints } from './apiPaths.js';
import { Email, MessageResponse } from './common.js';
import { Password, UserResponse } from './auth.js';
import { describeEndpoints } from './operation.js';
import { LanguageCode } from './transcription.js';
import { MAX_RETENTION_DAYS } from './transcriptionLimits.js';

/** A retention limit of the account, in whole days from `min` to MAX_RETENTION_DAYS. */
const retentionDays = (field: string, min: number) => {
  const error = `${field} must be a whole number of days from ${min} to ${MAX_RETENTION_DAYS}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(MAX_RETENTION_DAYS, { error });
};

export const UpdateAccountBody = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(100).optional(),
  defaultModel: z.string().trim().min(1).max(100).nullable().optional(),
  defaultLanguage: z.string().trim().min(2).max(20).nullable().optional(),
  fallbackLanguage: LanguageCode.nullable().optional(),
  keepAudioDays: retentionDays('keepAudioDays', 0).nullable().optional(),
  keepTranscriptsDays: retentionDays('keepTranscriptsDays', 1).nullable().optional(),
});
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;

export const ChangePasswordBody = z.object({
  currentPassword: z
    .string()
    .max(256)
    .optional()
    .describe('Required when the account has a password'),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const DeleteAccountBody = z
  .object({
    password: z.string().max(256).optional(),
    confirmEmail: Email.optional().describe('For accounts without a password: the account e-mail'),
  })
  .refine((body) => body.password !== undefined || body.confirmEmail !== undefined, {
    error: 'Enter your password or your e-mail address to confirm',
  });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const WebhookSecretResponse = z.object({
  secret: z
    .string()
    .describe('HMAC-SHA256 key of the Parlance-Signature header on this account’s webhooks'),
});
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;

export const ContactBody = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(100),
  email: Email,
  message: z.string().trim().min(1, { error: 'Enter a message' }).max(5000),
});
export type ContactBody = z.infer<typeof ContactBody>;

const tags = ['account'];
const auth = ['session'] as const;

export const accountOperations = describeEndpoints(accountEndpoints, {
  update: {
    tags,
    auth,
    summary: 'Update name, transcription defaults and retention (the fields sent)',
    description:
      'keepAudioDays and keepTranscriptsDays apply to the transcripts the account already has too: shortening them deletes older audio or transcripts within a minute.',
    body: UpdateAccountBody,
    responses: { 200: UserResponse },
    errors: [400, 401],
  },
  password: {
    tags,
    auth,
    summary: 'Change (or, for Google-only accounts, set) the password; signs out other sessions',
    body: ChangePasswordBody,
    responses: { 200: MessageResponse },
    errors: [400, 401, 429],
  },
  webhookSecret: {
    tags,
    auth,
    summary: 'The secret that signs this account’s webhook deliveries',
    responses: { 200: WebhookSecretResponse },
    errors: [401],
  },
  rotateWebhookSecret: {
    tags,
    auth,
    summary: 'Replace the webhook signing secret; deliveries from now on use the new one',
    responses: { 200: WebhookSecretResponse },
    errors: [401],
  },
  delete: {
    tags,
    auth,
    summary: 'Delete the account and all of its data',
    description:
      'Refused (409 account_owes) while a refunded or disputed payment leaves money owed: add credit to settle it first.',
    body: DeleteAccountBody,
    responses: { 200: MessageResponse },
    errors: [400, 401, 409, 429],
  },
  /** Anyone may write to support, signed in or not. */
  contact: {
    tags: ['support'],
    summary: 'Send a message to support',
    body: ContactBody,
    responses: { 201: MessageResponse },
    errors: [400, 429, 503],
  },
});

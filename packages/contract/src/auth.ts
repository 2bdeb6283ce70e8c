import { z } from 'zod';
import { Email, Timestamp } from './common.js';

export const PASSWORD_MIN_LENGTH = 8;

export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  .max(256, { error: 'Password must be at most 256 characters' });

/** Bot-check token from the Turnstile widget; required only when the server has a Turnstile secret. */
const TurnstileToken = z.string().max(4096).optional();

export const RegisterBody = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(100),
  email: Email,
  password: Password,
  'cf-turnstile-response': TurnstileToken,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterResponse = z.object({
  message: z.string(),
  email: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, { error: 'Enter your password' }).max(256),
  'cf-turnstile-response': TurnstileToken,
});
export type LoginBody = z.infer<typeof LoginBody>;

export const VerifyCodeBody = z.object({
  email: Email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'The code is 6 digits' }),
});
export type VerifyCodeBody = z.infer<typeof VerifyCodeBody>;

export const EmailBody = z.object({ email: Email });
export type EmailBody = z.infer<typeof EmailBody>;

export const ResetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: Password,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const User = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    createdAt: Timestamp,
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    defaultModel: z.string().nullable(),
    defaultLanguage: z.string().nullable(),
    fallbackLanguage: z
      .string()
      .nullable()
      .describe(
        "The language for speech detected under a request's language_confidence_threshold when it names no fallback_language; null: English",
      ),
    keepAudioDays: z
      .number()
      .int()
      .nullable()
      .describe(
        'Days the audio of each transcript is kept after its job ends (0: deleted as soon as it ends); null: as long as the transcript',
      ),
    keepTranscriptsDays: z
      .number()
      .int()
      .nullable()
      .describe('Days each transcript is kept after its job ends; null: until deleted'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;

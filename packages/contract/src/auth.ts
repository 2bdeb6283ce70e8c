import { z } from 'zod';
import { authEndpoints } from './apiPaths.js';
import { Email, MessageResponse, Timestamp } from './common.js';
import { describeEndpoints } from './operation.js';
import { RETURN_PARAM } from './sessionPaths.js';

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

/** Google sign-in's start: the page's return path, ignored unless it is one of this site's. */
const GoogleStartQuery = z.looseObject({
  [RETURN_PARAM]: z
    .string()
    .optional()
    // Repeated (an array) or otherwise unusable: ignored like any other path off the site.
    .catch(undefined)
    .describe('Where the app goes once signed in: a path of this site, else ignored'),
});

/** What Google sends back (others, such as scope or authuser, pass through unread). */
const GoogleCallbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

const tags = ['auth'];
const auth = ['session'] as const;

export const authOperations = describeEndpoints(authEndpoints, {
  register: {
    tags,
    summary: 'Create an account; e-mails a 6-digit verification code',
    description:
      'Answers the same whether or not the address has an account. A new or unverified address gets a code bound to this registration (name and password); an address with an account gets a notice to sign in instead.',
    body: RegisterBody,
    responses: { 201: RegisterResponse },
    errors: [400, 429, 503],
  },
  verifyCode: {
    tags,
    summary: 'Verify the e-mailed code and sign in',
    description:
      "Takes only the code of the registration made in this browser (named by the http-only cookie register sets) and gives the account that registration's name and password. The same 400 for an unknown address, an account that is already verified and a wrong code.",
    body: VerifyCodeBody,
    responses: { 200: UserResponse },
    errors: [400, 429],
  },
  resendCode: {
    tags,
    summary:
      'Send a new code for the registration made in this browser (same answer whether or not it exists)',
    body: EmailBody,
    responses: { 200: MessageResponse },
    errors: [400, 429],
  },
  login: {
    tags,
    summary: 'Sign in with e-mail and password',
    body: LoginBody,
    responses: { 200: UserResponse },
    errors: [400, 401, 403, 429, 503],
  },
  me: {
    tags,
    auth,
    summary: 'The signed-in user',
    responses: { 200: UserResponse },
    errors: [401],
  },
  logout: {
    tags,
    summary: 'Sign out of this browser',
    responses: { 200: MessageResponse },
    errors: [],
  },
  logoutAll: {
    tags,
    auth,
    summary: 'Sign out everywhere (revokes every session of the account)',
    responses: { 200: MessageResponse },
    errors: [401],
  },
  forgotPassword: {
    tags,
    summary: 'E-mail a password reset link (same answer whether or not the account exists)',
    body: EmailBody,
    responses: { 200: MessageResponse },
    errors: [400, 429],
  },
  resetPassword: {
    tags,
    summary: 'Set a new password with the e-mailed token; signs out every session',
    body: ResetPasswordBody,
    responses: { 200: MessageResponse },
    errors: [400, 429],
  },
  google: {
    tags,
    summary: 'Start Google sign-in (browser redirect)',
    description:
      'Redirects to Google with state, nonce and PKCE; without Google configured, back to the app with ?error. A `next` path of this site comes back to the app with the sign-in.',
    query: GoogleStartQuery,
    responses: { 302: z.null().describe('Redirect') },
    errors: [400],
  },
  googleCallback: {
    tags,
    summary: 'Google redirects here; signs in and redirects to the app',
    query: GoogleCallbackQuery,
    responses: {
      302: z
        .null()
        .describe(
          'Redirect to /auth/callback: with ?next=<path> when the sign-in started with one, ?error=<code> on failure',
        ),
    },
    // A query the server refuses outright (a NUL character, say) gets the usual error.
    errors: [400],
  },
});

import { http, HttpResponse } from 'msw';
import type {
  MessageResponse,
  RegisterResponse,
  User,
  UserResponse,
} from '@parlance/server/contract';
import { registrationIdFixture, userFixture } from './fixtures/auth';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

export const authEndpoints = [
  { method: 'get', path: '/api/auth/me' },
  { method: 'post', path: '/api/auth/login' },
  { method: 'post', path: '/api/auth/register' },
  { method: 'post', path: '/api/auth/verify-code' },
  { method: 'post', path: '/api/auth/resend-code' },
  { method: 'post', path: '/api/auth/logout' },
  { method: 'post', path: '/api/auth/logout-all' },
  { method: 'post', path: '/api/auth/forgot-password' },
  { method: 'post', path: '/api/auth/reset-password' },
] as const satisfies readonly Endpoint[];

const signedIn = () => HttpResponse.json<UserResponse>({ user: userFixture });
const message = (text: string) => () => HttpResponse.json<MessageResponse>({ message: text });

/** Every auth call succeeds; `me` answers with `user` (null: signed out, as the server's 401). */
function handlersFor(user: User | null) {
  return [
    user
      ? http.get('/api/auth/me', () => HttpResponse.json<UserResponse>({ user }))
      : http.get('/api/auth/me', () => apiError(401, 'Sign in to continue', 'unauthenticated')),
    http.post('/api/auth/login', signedIn),
    http.post('/api/auth/register', () =>
      HttpResponse.json<RegisterResponse>(
        {
          message: `We sent a 6-digit code to ${userFixture.email}. Enter it to finish creating your account.`,
          email: userFixture.email,
          registrationId: registrationIdFixture,
        },
        { status: 201 },
      ),
    ),
    http.post('/api/auth/verify-code', signedIn),
    http.post(
      '/api/auth/resend-code',
      message('If that account is waiting for verification, we sent it a new code.'),
    ),
    http.post('/api/auth/logout', message('Signed out')),
    http.post('/api/auth/logout-all', message('Signed out on every device')),
    http.post(
      '/api/auth/forgot-password',
      message('If an account exists for that email, we sent it a link to reset the password.'),
    ),
    http.post(
      '/api/auth/reset-password',
      message('Your password has been reset. Sign in with your new password.'),
    ),
  ];
}

/** One endpoint fails with the server's message; the other auth calls keep working while signed out. */
const failing = (
  method: 'get' | 'post',
  path: string,
  status: number,
  text: string,
  code: string,
) => [http[method](path, () => apiError(status, text, code)), ...handlersFor(null)];

/** A 500 without the JSON error shape: screens fall back to their own message. */
const bare500 = (path: string) => [
  http.post(path, () => new HttpResponse('Internal Server Error', { status: 500 })),
  ...handlersFor(null),
];

export const authHandlers = {
  default: handlersFor(userFixture),
  /** Signed out: `me` answers 401, sign-in calls succeed. */
  empty: handlersFor(null),
  error: failAll(authEndpoints),
  slow: slowAll(authEndpoints),
  unauthorized: unauthorizedAll(authEndpoints),
  loginInvalid: failing(
    'post',
    '/api/auth/login',
    401,
    'Invalid email or password',
    'invalid_credentials',
  ),
  loginUnverified: failing(
    'post',
    '/api/auth/login',
    403,
    'Verify your email first: enter the 6-digit code we sent you, or request a new one.',
    'email_not_verified',
  ),
  loginBotCheck: failing(
    'post',
    '/api/auth/login',
    400,
    'The bot check failed. Please try again.',
    'bot_check_failed',
  ),
  loginRateLimited: failing(
    'post',
    '/api/auth/login',
    429,
    'Too many attempts. Try again in 15 minutes.',
    'rate_limited',
  ),
  loginBroken: bare500('/api/auth/login'),
  registerWeakPassword: failing(
    'post',
    '/api/auth/register',
    400,
    'This password is too common and easy to guess. Choose a different one.',
    'password_too_common',
  ),
  registerBroken: bare500('/api/auth/register'),
  verifyWrongCode: failing(
    'post',
    '/api/auth/verify-code',
    400,
    'That code is not valid. Check the e-mail or request a new one.',
    'invalid_code',
  ),

  verifyBroken: bare500('/api/auth/verify-code'),
  resetInvalidToken: failing(
    'post',
    '/api/auth/reset-password',
    400,
    'This reset link is invalid or has expired. Request a new one.',
    'invalid_reset_token',
  ),
} satisfies Scenarios<string>;

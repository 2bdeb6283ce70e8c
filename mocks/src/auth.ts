import type { ApiErrorCode } from '@parlance/contract/endpoints';
import { http, HttpResponse } from 'msw';
import type { MessageResponse, RegisterResponse, User, UserResponse } from '@parlance/contract';
import { SIGNED_IN_HINT_COOKIE, authPaths, sessionPaths } from '@parlance/contract/endpoints';
import { userFixture } from './fixtures/auth';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

export const authEndpoints = [
  { method: 'get', path: sessionPaths.me },
  { method: 'post', path: authPaths.login },
  { method: 'post', path: authPaths.register },
  { method: 'post', path: authPaths.verifyCode },
  { method: 'post', path: authPaths.resendCode },
  { method: 'post', path: sessionPaths.logout },
  { method: 'post', path: authPaths.logoutAll },
  { method: 'post', path: authPaths.forgotPassword },
  { method: 'post', path: authPaths.resetPassword },
] as const satisfies readonly Endpoint[];

/**
 * Leaves in the page the signed-in hint a real session comes with (the server sets that cookie
 * with the session's). Without it the app does not ask who is signed in; with it, the handlers'
 * answer to the current-user call decides, as a real server's would.
 */
export function setSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
}

const signedIn = () => HttpResponse.json<UserResponse>({ user: userFixture });
const message = (text: string) => () => HttpResponse.json<MessageResponse>({ message: text });

/** Every auth call succeeds; `me` answers with `user` (null: signed out, as the server's 401). */
function handlersFor(user: User | null) {
  return [
    user
      ? http.get(sessionPaths.me, () => HttpResponse.json<UserResponse>({ user }))
      : http.get(sessionPaths.me, () => apiError('unauthenticated', 'Sign in to continue')),
    http.post(authPaths.login, signedIn),
    http.post(authPaths.register, () =>
      HttpResponse.json<RegisterResponse>(
        {
          message: `We sent a 6-digit code to ${userFixture.email}. Enter it to finish creating your account.`,
          email: userFixture.email,
        },
        { status: 201 },
      ),
    ),
    http.post(authPaths.verifyCode, signedIn),
    http.post(
      authPaths.resendCode,
      message('If that account is waiting for verification, we sent it a new code.'),
    ),
    http.post(sessionPaths.logout, message('Signed out')),
    http.post(authPaths.logoutAll, message('Signed out on every device')),
    http.post(
      authPaths.forgotPassword,
      message('If an account exists for that email, we sent it a link to reset the password.'),
    ),
    http.post(
      authPaths.resetPassword,
      message('Your password has been reset. Sign in with your new password.'),
    ),
  ];
}

/** One endpoint fails with the server's message; the other auth calls keep working while signed out. */
const failing = (method: 'get' | 'post', path: string, code: ApiErrorCode, text: string) => [
  http[method](path, () => apiError(code, text)),
  ...handlersFor(null),
];

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
    authPaths.login,
    'invalid_credentials',
    'Invalid email or password',
  ),
  loginUnverified: failing(
    'post',
    authPaths.login,
    'email_not_verified',
    'Verify your email first: enter the 6-digit code we sent you, or request a new one.',
  ),
  loginBotCheck: failing(
    'post',
    authPaths.login,
    'bot_check_failed',
    'The bot check failed. Please try again.',
  ),
  loginRateLimited: failing(
    'post',
    authPaths.login,
    'rate_limited',
    'Too many attempts. Try again in 15 minutes.',
  ),
  loginBroken: bare500(authPaths.login),
  registerWeakPassword: failing(
    'post',
    authPaths.register,
    'password_too_common',
    'This password is too common and easy to guess. Choose a different one.',
  ),
  registerBroken: bare500(authPaths.register),
  verifyWrongCode: failing(
    'post',
    authPaths.verifyCode,
    'invalid_code',
    'That code is not valid. Check the e-mail or request a new one.',
  ),

  verifyBroken: bare500(authPaths.verifyCode),
  resetInvalidToken: failing(
    'post',
    authPaths.resetPassword,
    'invalid_reset_token',
    'This reset link is invalid or has expired. Request a new one.',
  ),
} satisfies Scenarios<string>;

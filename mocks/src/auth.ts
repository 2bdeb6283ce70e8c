import type { ApiErrorCode, Endpoint } from '@parlance/contract/endpoints';
import { HttpResponse } from 'msw';
import type { MessageResponse, RegisterResponse, User, UserResponse } from '@parlance/contract';
import { SIGNED_IN_HINT_COOKIE, authEndpoints } from '@parlance/contract/endpoints';
import { userFixture } from './fixtures/auth';
import { apiError, failAll, on, slowAll, unauthorizedAll, type Scenarios } from './support';

/** The app's auth calls; Google sign-in's pages (`google`, `googleCallback`) are navigations. */
const calls = [
  authEndpoints.me,
  authEndpoints.login,
  authEndpoints.register,
  authEndpoints.verifyCode,
  authEndpoints.resendCode,
  authEndpoints.logout,
  authEndpoints.logoutAll,
  authEndpoints.forgotPassword,
  authEndpoints.resetPassword,
];

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
      ? on(authEndpoints.me, () => HttpResponse.json<UserResponse>({ user }))
      : on(authEndpoints.me, () => apiError('unauthenticated', 'Sign in to continue')),
    on(authEndpoints.login, signedIn),
    on(authEndpoints.register, () =>
      HttpResponse.json<RegisterResponse>(
        {
          message: `We sent a 6-digit code to ${userFixture.email}. Enter it to finish creating your account.`,
          email: userFixture.email,
        },
        { status: 201 },
      ),
    ),
    on(authEndpoints.verifyCode, signedIn),
    on(
      authEndpoints.resendCode,
      message('If that account is waiting for verification, we sent it a new code.'),
    ),
    on(authEndpoints.logout, message('Signed out')),
    on(authEndpoints.logoutAll, message('Signed out on every device')),
    on(
      authEndpoints.forgotPassword,
      message('If an account exists for that email, we sent it a link to reset the password.'),
    ),
    on(
      authEndpoints.resetPassword,
      message('Your password has been reset. Sign in with your new password.'),
    ),
  ];
}

/** One endpoint fails with the server's message; the other auth calls keep working while signed out. */
const failing = (endpoint: Endpoint, code: ApiErrorCode, text: string) => [
  on(endpoint, () => apiError(code, text)),
  ...handlersFor(null),
];

/** A 500 without the JSON error shape: screens fall back to their own message. */
const bare500 = (endpoint: Endpoint) => [
  on(endpoint, () => new HttpResponse('Internal Server Error', { status: 500 })),
  ...handlersFor(null),
];

export const authHandlers = {
  default: handlersFor(userFixture),
  /** Signed out: `me` answers 401, sign-in calls succeed. */
  empty: handlersFor(null),
  error: failAll(calls),
  slow: slowAll(calls),
  unauthorized: unauthorizedAll(calls),
  loginInvalid: failing(authEndpoints.login, 'invalid_credentials', 'Invalid email or password'),
  loginUnverified: failing(
    authEndpoints.login,
    'email_not_verified',
    'Verify your email first: enter the 6-digit code we sent you, or request a new one.',
  ),
  loginBotCheck: failing(
    authEndpoints.login,
    'bot_check_failed',
    'The bot check failed. Please try again.',
  ),
  loginRateLimited: failing(
    authEndpoints.login,
    'rate_limited',
    'Too many attempts. Try again in 15 minutes.',
  ),
  loginBroken: bare500(authEndpoints.login),
  registerWeakPassword: failing(
    authEndpoints.register,
    'password_too_common',
    'This password is too common and easy to guess. Choose a different one.',
  ),
  registerBroken: bare500(authEndpoints.register),
  verifyWrongCode: failing(
    authEndpoints.verifyCode,
    'invalid_code',
    'That code is not valid. Check the e-mail or request a new one.',
  ),

  verifyBroken: bare500(authEndpoints.verifyCode),
  resetInvalidToken: failing(
    authEndpoints.resetPassword,
    'invalid_reset_token',
    'This reset link is invalid or has expired. Request a new one.',
  ),
} satisfies Scenarios<string>;

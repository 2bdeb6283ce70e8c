import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOperations } from '@parlance/contract';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { authLimits } from '../http/rateLimit.js';
import { accountExistsMail, verificationCodeMail } from '../mail/templates.js';
import { afterAnswer } from './afterAnswer.js';
import {
  CODE_TTL_MINUTES,
  EXPIRED_CODE_KEPT_MS,
  REGISTRATIONS_PER_BROWSER,
  consumeCode,
  pendingPasswordHash,
  register,
  reissueCode,
} from './codes.js';
import { currentAccount, currentUser, requireSession } from './guards.js';
import { assertNotCommonPassword, hashPassword, verifyPassword } from './passwords.js';
import { SESSION_COOKIE, clearSessionCookie, startSession } from './sessions.js';
import { assertHuman } from './turnstile.js';
import { findUserByEmail, toUserDto } from './users.js';

/**
 * Names the registrations this browser made (newest first, dot-separated), so that only their
 * codes (and passwords) can verify the address here: a code mailed for anyone else's registration
 * is refused (see `consumeCode`). It lives as long as a registration is kept.
 */
export const REGISTRATION_COOKIE = 'parlance_registration';

const registrationCookieOptions = (config: Config) =>
  ({
    path: '/api/auth',
    sameSite: 'strict',
    secure: config.secureCookies,
    httpOnly: true,
  }) as const;

const RegistrationId = z.uuid();

/** This browser's registrations; whatever in the cookie is not shaped like an id (it is the client's to send) is dropped. */
function registrationsOf(request: FastifyRequest): string[] {
  return (request.cookies[REGISTRATION_COOKIE] ?? '')
    .split('.')
    .filter((id) => RegistrationId.safeParse(id).success)
    .slice(0, REGISTRATIONS_PER_BROWSER);
}

function setRegistrationCookie(reply: FastifyReply, config: Config, ids: string[]): void {
  reply.setCookie(REGISTRATION_COOKIE, ids.slice(0, REGISTRATIONS_PER_BROWSER).join('.'), {
    ...registrationCookieOptions(config),
    maxAge: CODE_TTL_MINUTES * 60 + EXPIRED_CODE_KEPT_MS / 1000,
  });
}

/**
 * verify-code and resend-code count per registration (the cookie), besides per IP: counted per
 * e-mail in the body, anyone could use up a stranger's attempts and block their sign-up.
 */
const registrationCookie = (request: FastifyRequest) => request.cookies[REGISTRATION_COOKIE];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const { mailer } = app.deps;
  const { appUrl } = app.config;

  serve(
    app,
    authOperations.register,
    async (request, reply) => {
      const { name, email, password } = request.body;
      await assertHuman(request, request.body['cf-turnstile-response']);
      assertNotCommonPassword(password);
      // One path for every address, so the answer costs the same work (and time) whether or not
      // it has an account: hash, file the registration, send one mail. An address that already
      // has an account gets a notice instead of the code, and its registration can never be used:
      // codes only verify accounts that are not verified yet.
      const registration = { name, passwordHash: await hashPassword(password) };
      const { account, registrationId, code } = await register(db, email, registration);
      setRegistrationCookie(reply, app.config, [registrationId, ...registrationsOf(request)]);
      await mailer.send(
        account.emailVerifiedAt
          ? accountExistsMail(email, {
              signIn: `${appUrl}/login`,
              forgotPassword: `${appUrl}/forgot-password`,
            })
          : verificationCodeMail(email, code, CODE_TTL_MINUTES),
      );
      return reply.code(201).send({
        message: `We sent a 6-digit code to ${email}. Enter it to finish creating your account.`,
        email,
      });
    },
    { preHandler: authLimits(app, 'register') },
  );

  serve(
    app,
    authOperations.verifyCode,
    async (request, reply) => {
      const { email, code } = request.body;
      const user = await consumeCode(db, email, code, registrationsOf(request));
      reply.clearCookie(REGISTRATION_COOKIE, registrationCookieOptions(app.config));
      await app.services.events.emit(db, 'userVerified', { userId: user.id });
      await startSession(reply, db, app.config, user.id);
      return { user: toUserDto(user) };
    },
    { preHandler: authLimits(app, 'verify', registrationCookie) },
  );

  serve(
    app,
    authOperations.resendCode,
    async (request, reply) => {
      const { email } = request.body;
      const registrations = registrationsOf(request);
      // The new code revives its registration: so is the cookie naming it renewed.
      if (registrations.length > 0) setRegistrationCookie(reply, app.config, registrations);
      afterAnswer(request, reply, 'verification code mail', async () => {
        // The registration is renewed whether or not the address has an account (nothing
        // afterwards may tell them apart); only an account not verified yet is mailed the code.
        const reissued = await reissueCode(db, email, registrations);
        if (reissued?.mail)
          await mailer.send(verificationCodeMail(email, reissued.code, CODE_TTL_MINUTES));
      });
      return { message: 'If that account is waiting for verification, we sent it a new code.' };
    },
    { preHandler: authLimits(app, 'resend', registrationCookie) },
  );

  serve(
    app,
    authOperations.login,
    async (request, reply) => {
      const { email, password } = request.body;
      await assertHuman(request, request.body['cf-turnstile-response']);
      const user = await findUserByEmail(db, email);
      const pending = await pendingPasswordHash(db, email);
      // Only a verified account's password signs in. The password of the address's newest
      // registration answers "verify first", whether or not the address already had an account;
      // anything else is wrong. Every answer but a success costs the same two hash checks (a
      // missing hash is checked against a dummy), so no answer tells whether an account exists.
      const verified = user?.emailVerifiedAt ? user : undefined;
      if (verified && (await verifyPassword(verified.passwordHash, password))) {
        await startSession(reply, db, app.config, verified.id);
        return { user: toUserDto(verified) };
      }
      if (!verified) await verifyPassword(undefined, password);
      if (await verifyPassword(pending, password)) {
        throw new HttpError(
          'email_not_verified',
          'Verify your email first: enter the 6-digit code we sent you, or request a new one.',
        );
      }
      throw new HttpError('invalid_credentials', 'Invalid email or password');
    },
    { preHandler: authLimits(app, 'login') },
  );

  serve(app, authOperations.logout, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await app.services.accounts.signOut(token);
    clearSessionCookie(reply, app.config);
    return { message: 'Signed out' };
  });

  serve(
    app,
    authOperations.logoutAll,
    async (request, reply) => {
      const { id } = currentUser(request);
      await app.services.accounts.signOutEverywhere(id);
      clearSessionCookie(reply, app.config);
      return { message: 'Signed out on every device' };
    },
    { preHandler: requireSession },
  );

  serve(app, authOperations.me, async (request) => ({ user: currentAccount(request) }), {
    preHandler: requireSession,
  });
};

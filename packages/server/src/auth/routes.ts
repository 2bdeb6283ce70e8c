import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LoginBody,
  RegisterBody,
  RegisterResponse,
  ResendCodeBody,
  UserResponse,
  VerifyCodeBody,
} from '../contract/auth.js';
import { MessageResponse } from '../contract/common.js';
import { authPaths } from '../contract/apiPaths.js';
import { sessionPaths } from '../contract/sessionPaths.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { authLimits } from '../http/rateLimit.js';
import { errorResponses } from '../http/schemas.js';
import { accountExistsMail, verificationCodeMail } from '../mail/templates.js';
import { afterAnswer } from './afterAnswer.js';
import { CODE_TTL_MINUTES, consumeCode, issueCode, reissueCode } from './codes.js';
import { currentAccount, currentUser, requireSession } from './guards.js';
import { assertNotCommonPassword, hashPassword, verifyPassword } from './passwords.js';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  revokeAllSessions,
  revokeSession,
  startSession,
} from './sessions.js';
import { assertHuman } from './turnstile.js';
import { accountForRegistration, findUserByEmail, toUserDto } from './users.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const { mailer } = app.deps;
  const { appUrl } = app.config;

  app.post(
    authPaths.register,
    {
      schema: {
        tags,
        summary: 'Create an account; e-mails a 6-digit verification code',
        description:
          'Answers the same whether or not the address has an account. A new or unverified address gets a code bound to this registration (name and password); an address with an account gets a notice to sign in instead.',
        body: RegisterBody,
        response: { 201: RegisterResponse, ...errorResponses(400, 429, 503) },
      },
      preHandler: authLimits(app, 'register'),
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await assertHuman(request, request.body['cf-turnstile-response']);
      assertNotCommonPassword(password);
      // One path for every address, so the answer costs the same work (and time) whether or not
      // it has an account: hash, file the registration, send one mail. An address that already
      // has an account gets a notice instead of the code, and its registration can never be used:
      // codes only verify accounts that are not verified yet.
      const registration = { name, passwordHash: await hashPassword(password) };
      const { account, registrationId, code } = await db.transaction(async (tx) => {
        const found = await accountForRegistration(tx, email, registration);
        return { account: found, ...(await issueCode(tx, found.id, registration)) };
      });
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
        registrationId,
      });
    },
  );

  app.post(
    authPaths.verifyCode,
    {
      schema: {
        tags,
        summary: 'Verify the e-mailed code and sign in',
        description:
          'Gives the account the name and password of the registration the code was mailed for. The same 400 for an unknown address, an account that is already verified and a wrong code.',
        body: VerifyCodeBody,
        response: { 200: UserResponse, ...errorResponses(400, 429) },
      },
      preHandler: authLimits(app, 'verify'),
    },
    async (request, reply) => {
      const user = await consumeCode(db, request.body.email, request.body.code);
      await app.events.emit(db, 'userVerified', { userId: user.id });
      await startSession(reply, db, app.config, user.id);
      return { user: toUserDto(user) };
    },
  );

  app.post(
    authPaths.resendCode,
    {
      schema: {
        tags,
        summary: 'Send a new code for one registration (same answer whether or not it exists)',
        body: ResendCodeBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429) },
      },
      preHandler: authLimits(app, 'resend'),
    },
    async (request, reply) => {
      const { email, registrationId } = request.body;
      afterAnswer(request, reply, 'verification code mail', async () => {
        const code = await reissueCode(db, email, registrationId);
        if (code) await mailer.send(verificationCodeMail(email, code, CODE_TTL_MINUTES));
      });
      return { message: 'If that account is waiting for verification, we sent it a new code.' };
    },
  );

  app.post(
    authPaths.login,
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: LoginBody,
        response: { 200: UserResponse, ...errorResponses(400, 401, 403, 429, 503) },
      },
      preHandler: authLimits(app, 'login'),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await assertHuman(request, request.body['cf-turnstile-response']);
      const user = await findUserByEmail(db, email);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        throw unauthorized('Invalid email or password', 'invalid_credentials');
      }
      if (!user.emailVerifiedAt) {
        throw forbidden(
          'email_not_verified',
          'Verify your email first: enter the 6-digit code we sent you, or request a new one.',
        );
      }
      await startSession(reply, db, app.config, user.id);
      return { user: toUserDto(user) };
    },
  );

  app.post(
    sessionPaths.logout,
    { schema: { tags, summary: 'Sign out of this browser', response: { 200: MessageResponse } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSession(db, app.sessionCache, token);
      clearSessionCookie(reply, app.config);
      return { message: 'Signed out' };
    },
  );

  app.post(
    authPaths.logoutAll,
    {
      schema: {
        tags,
        summary: 'Sign out everywhere (revokes every session of the account)',
        security: [{ session: [] }],
        response: { 200: MessageResponse, ...errorResponses(401) },
      },
      preHandler: requireSession,
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      await revokeAllSessions(db, id);
      app.sessionCache.forgetUser(id);
      clearSessionCookie(reply, app.config);
      return { message: 'Signed out on every device' };
    },
  );

  app.get(
    sessionPaths.me,
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ session: [] }],
        response: { 200: UserResponse, ...errorResponses(401) },
      },
      preHandler: requireSession,
    },
    async (request) => ({ user: currentAccount(request) }),
  );
};

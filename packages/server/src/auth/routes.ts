import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailBody,
  LoginBody,
  RegisterBody,
  RegisterResponse,
  UserResponse,
  VerifyCodeBody,
} from '../contract/auth.js';
import { MessageResponse } from '../contract/common.js';
import { grantSignupBonus } from '../billing/signup-bonus.js';
import { users } from '../db/schema/index.js';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors.js';
import { authLimits } from '../http/rateLimit.js';
import { errorResponses } from '../http/schemas.js';
import { verificationCodeMail } from '../mail/templates.js';
import { CODE_TTL_MINUTES, consumeCode, issueCode } from './codes.js';
import { currentUser, requireSession } from './guards.js';
import { assertNotCommonPassword, hashPassword, verifyPassword } from './passwords.js';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  revokeAllSessions,
  revokeSession,
  startSession,
} from './sessions.js';
import { assertHuman } from './turnstile.js';
import { findUserByEmail, getUser, toUserDto } from './users.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const { mailer } = app.deps;
  const sendCode = async (userId: string, email: string) =>
    mailer.send(verificationCodeMail(email, await issueCode(db, userId), CODE_TTL_MINUTES));

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account; e-mails a 6-digit verification code',
        body: RegisterBody,
        response: { 201: RegisterResponse, ...errorResponses(400, 409, 429, 503) },
      },
      preHandler: authLimits(app, 'register'),
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await assertHuman(request, request.body['cf-turnstile-response']);
      assertNotCommonPassword(password);
      const passwordHash = await hashPassword(password);
      const existing = await findUserByEmail(db, email);
      if (existing?.emailVerifiedAt) {
        throw conflict(
          'email_taken',
          'An account with this email already exists. Sign in instead.',
        );
      }
      // An unverified account can be claimed again: only whoever reads the mailbox can verify it.
      const [user] = existing
        ? await db
            .update(users)
            .set({ name, passwordHash })
            .where(eq(users.id, existing.id))
            .returning()
        : await db
            .insert(users)
            .values({ name, email, passwordHash })
            .onConflictDoNothing()
            .returning();
      if (!user)
        throw conflict(
          'email_taken',
          'An account with this email already exists. Sign in instead.',
        );
      await sendCode(user.id, email);
      return reply.code(201).send({
        message: `We sent a 6-digit code to ${email}. Enter it to finish creating your account.`,
        email,
      });
    },
  );

  app.post(
    '/api/auth/verify-code',
    {
      schema: {
        tags,
        summary: 'Verify the e-mailed code and sign in',
        body: VerifyCodeBody,
        response: { 200: UserResponse, ...errorResponses(400, 429) },
      },
      preHandler: authLimits(app, 'verify'),
    },
    async (request, reply) => {
      const user = await findUserByEmail(db, request.body.email);
      if (!user)
        throw badRequest(
          'invalid_code',
          'That code is not valid. Check the e-mail or request a new one.',
        );
      if (user.emailVerifiedAt)
        throw badRequest('already_verified', 'This email is already verified. Sign in instead.');
      await consumeCode(db, user.id, request.body.code);
      const [verified] = await db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await grantSignupBonus(db, user.id);
      await startSession(reply, db, app.config, user.id);
      return { user: toUserDto(verified ?? user) };
    },
  );

  app.post(
    '/api/auth/resend-code',
    {
      schema: {
        tags,
        summary: 'Send a new verification code (same answer whether or not the account exists)',
        body: EmailBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429, 503) },
      },
      preHandler: authLimits(app, 'resend'),
    },
    async (request) => {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, request.body.email), isNull(users.emailVerifiedAt)));
      if (user) await sendCode(user.id, user.email);
      return { message: 'If that account is waiting for verification, we sent it a new code.' };
    },
  );

  app.post(
    '/api/auth/login',
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
    '/api/auth/logout',
    { schema: { tags, summary: 'Sign out of this browser', response: { 200: MessageResponse } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSession(db, token);
      clearSessionCookie(reply, app.config);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/auth/logout-all',
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
      await revokeAllSessions(db, currentUser(request).id);
      clearSessionCookie(reply, app.config);
      return { message: 'Signed out on every device' };
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ session: [] }],
        response: { 200: UserResponse, ...errorResponses(401) },
      },
      preHandler: requireSession,
    },
    async (request) => ({ user: toUserDto(await getUser(db, currentUser(request).id)) }),
  );
};

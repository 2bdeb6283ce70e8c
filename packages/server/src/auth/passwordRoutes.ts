import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailBody, ResetPasswordBody } from '../contract/auth.js';
import { MessageResponse } from '../contract/common.js';
import { grantSignupBonus } from '../billing/signup-bonus.js';
import { passwordResetTokens, users } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import { authLimits, limitBy } from '../http/rateLimit.js';
import { errorResponses } from '../http/schemas.js';
import { passwordResetMail } from '../mail/templates.js';
import { afterAnswer } from './afterAnswer.js';
import { assertNotCommonPassword, hashPassword } from './passwords.js';
import { issueResetToken } from './resetTokens.js';
import { revokeAllSessions } from './sessions.js';
import { sha256 } from './tokens.js';

const tags = ['auth'];

const invalidLink = () =>
  badRequest(
    'invalid_reset_token',
    'This reset link is invalid or has expired. Request a new one.',
  );

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: EmailBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429) },
      },
      preHandler: authLimits(app, 'forgot'),
    },
    async (request, reply) => {
      const { email } = request.body;
      afterAnswer(request, reply, 'password reset mail', async () => {
        const token = await issueResetToken(db, email);
        if (!token) return;
        // The token rides in the fragment, which browsers never send: it cannot reach a request
        // log or a Referer header. The reset page moves it into the POST body.
        await app.deps.mailer.send(
          passwordResetMail(email, `${app.config.appUrl}/reset-password#token=${token}`),
        );
      });
      return {
        message: 'If an account exists for that email, we sent it a link to reset the password.',
      };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed token; signs out every session',
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429) },
      },
      preHandler: limitBy(app, [
        {
          name: 'reset:ip',
          max: app.config.authRateLimit.perIp,
          windowMs: app.config.authRateLimit.windowMs,
          key: (request) => request.ip,
        },
      ]),
    },
    async (request) => {
      const { token, password } = request.body;
      const [pending] = await db
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, sha256(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        );
      if (!pending) throw invalidLink();
      assertNotCommonPassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        // Claiming the token inside the transaction makes it single-use even under concurrent submits.
        const claimed = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.id, pending.id), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id });
        if (claimed.length === 0) throw invalidLink();
        // Any other link mailed to the account dies with this one: whoever else asked for a reset
        // (or reads an old mail) cannot change the password just chosen.
        await tx
          .delete(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, pending.userId),
              ne(passwordResetTokens.id, pending.id),
            ),
          );
        // The link reached the mailbox, so the address is proven too.
        await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(eq(users.id, pending.userId));
        await grantSignupBonus(tx, pending.userId);
        await revokeAllSessions(tx, pending.userId);
      });
      return { message: 'Your password has been reset. Sign in with your new password.' };
    },
  );
};

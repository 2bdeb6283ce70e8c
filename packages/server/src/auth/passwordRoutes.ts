import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailBody, ResetPasswordBody } from '../contract/auth.js';
import { MessageResponse } from '../contract/common.js';
import { grantSignupBonus } from '../billing/signup-bonus.js';
import { passwordResetTokens, users } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import { authLimits, limitBy } from '../http/rateLimit.js';
import { errorResponses } from '../http/schemas.js';
import { passwordResetMail } from '../mail/templates.js';
import { assertNotCommonPassword, hashPassword } from './passwords.js';
import { revokeAllSessions } from './sessions.js';
import { randomToken, sha256 } from './tokens.js';
import { findUserByEmail } from './users.js';

const RESET_TTL_MS = 60 * 60 * 1000;
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
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user) {
        const token = randomToken();
        await db.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        const link = `${app.config.appUrl}/reset-password/${token}`;
        // Not awaited: answering as fast for unknown addresses as for known ones hides which exist.
        app.deps.mailer.send(passwordResetMail(user.email, link)).catch((err: unknown) => {
          request.log.error({ err }, 'password reset mail failed');
        });
      }
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

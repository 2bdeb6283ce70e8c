import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOperations } from '@parlance/contract';
import { currentUser, requireSession } from '../auth/guards.js';
import { assertNotCommonPassword, hashPassword, verifyPassword } from '../auth/passwords.js';
import { clearSessionCookie } from '../auth/sessions.js';
import { getUser, toUserDto } from '../auth/users.js';
import { HttpError, notFound } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { limitBy } from '../http/rateLimit.js';
import { rotateWebhookSecret } from './repository.js';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const { accounts } = app.services;
  app.addHook('preHandler', requireSession);
  const { windowMs, perEmail } = app.config.authRateLimit;
  // Password checks on these routes are guessing opportunities too: count them per account.
  const passwordAttempts = limitBy(app, [
    { name: 'account-password', max: perEmail, windowMs, key: (request) => request.user?.id },
  ]);

  serve(app, accountOperations.update, async (request) => {
    const user = await accounts.updateProfile(currentUser(request).id, request.body);
    return { user: toUserDto(user ?? (await getUser(db, currentUser(request).id))) };
  });

  serve(
    app,
    accountOperations.password,
    async (request) => {
      const user = await getUser(db, currentUser(request).id);
      const { currentPassword, newPassword } = request.body;
      if (user.passwordHash && !(await verifyPassword(user.passwordHash, currentPassword ?? ''))) {
        throw new HttpError('wrong_password', 'Your current password is not correct');
      }
      assertNotCommonPassword(newPassword);
      const passwordHash = await hashPassword(newPassword);
      const sessionId = request.auth?.kind === 'session' ? request.auth.sessionId : '';
      await accounts.changePassword(user.id, passwordHash, sessionId);
      return { message: 'Password changed. Other devices have been signed out.' };
    },
    { preHandler: passwordAttempts },
  );

  serve(app, accountOperations.webhookSecret, async (request) => ({
    secret: (await getUser(db, currentUser(request).id)).webhookSecret,
  }));

  serve(app, accountOperations.rotateWebhookSecret, async (request) => {
    const secret = await rotateWebhookSecret(db, currentUser(request).id);
    if (!secret) throw notFound('Account not found');
    return { secret };
  });

  serve(
    app,
    accountOperations.delete,
    async (request, reply) => {
      const user = await getUser(db, currentUser(request).id);
      const { password, confirmEmail } = request.body;
      if (user.passwordHash) {
        if (!(await verifyPassword(user.passwordHash, password ?? ''))) {
          throw new HttpError('wrong_password', 'Your password is not correct');
        }
      } else if (confirmEmail !== user.email) {
        throw new HttpError(
          'confirmation_failed',
          'Type the e-mail address of your account to confirm',
        );
      }
      await accounts.delete(user.id);
      clearSessionCookie(reply, app.config);
      return { message: 'Your account and all of its data have been deleted.' };
    },
    { preHandler: passwordAttempts },
  );
};

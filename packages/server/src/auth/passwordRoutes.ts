import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOperations } from '@parlance/contract';
import { HttpError } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { authLimits, limitBy } from '../http/rateLimit.js';
import { passwordResetMail } from '../mail/templates.js';
import { afterAnswer } from './afterAnswer.js';
import { issueResetToken } from './resetTokens.js';

const invalidLink = () =>
  new HttpError(
    'invalid_reset_token',
    'This reset link is invalid or has expired. Request a new one.',
  );

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;

  serve(
    app,
    authOperations.forgotPassword,
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
    { preHandler: authLimits(app, 'forgot') },
  );

  serve(
    app,
    authOperations.resetPassword,
    async (request) => {
      const { token, password } = request.body;
      const userId = await app.services.accounts.resetPassword(token, password, (tx, id) =>
        app.services.events.emit(tx, 'userVerified', { userId: id }),
      );
      if (!userId) throw invalidLink();
      return { message: 'Your password has been reset. Sign in with your new password.' };
    },
    {
      preHandler: limitBy(app, [
        {
          name: 'reset:ip',
          max: app.config.authRateLimit.perIp,
          windowMs: app.config.authRateLimit.windowMs,
          key: (request) => request.ip,
        },
      ]),
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordBody,
  DeleteAccountBody,
  UpdateAccountBody,
  WebhookSecretResponse,
  UserResponse,
  MessageResponse,
} from '@parlance/contract';
import { accountPaths } from '@parlance/contract/endpoints';
import { currentUser, requireSession } from '../auth/guards.js';
import { assertNotCommonPassword, hashPassword, verifyPassword } from '../auth/passwords.js';
import { clearSessionCookie } from '../auth/sessions.js';
import { getUser, toUserDto } from '../auth/users.js';
import { HttpError, notFound } from '../http/errors.js';
import { limitBy } from '../http/rateLimit.js';
import { errorResponses } from '../http/schemas.js';
import { rotateWebhookSecret } from './repository.js';

const tags = ['account'];
const security = [{ session: [] }];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const { accounts } = app.services;
  app.addHook('preHandler', requireSession);
  const { windowMs, perEmail } = app.config.authRateLimit;
  // Password checks on these routes are guessing opportunities too: count them per account.
  const passwordAttempts = limitBy(app, [
    { name: 'account-password', max: perEmail, windowMs, key: (request) => request.user?.id },
  ]);

  app.patch(
    accountPaths.account,
    {
      schema: {
        tags,
        security,
        summary: 'Update name, transcription defaults and retention (the fields sent)',
        description:
          'keepAudioDays and keepTranscriptsDays apply to the transcripts the account already has too: shortening them deletes older audio or transcripts within a minute.',
        body: UpdateAccountBody,
        response: { 200: UserResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = await accounts.updateProfile(currentUser(request).id, request.body);
      return { user: toUserDto(user ?? (await getUser(db, currentUser(request).id))) };
    },
  );

  app.post(
    accountPaths.password,
    {
      schema: {
        tags,
        security,
        summary:
          'Change (or, for Google-only accounts, set) the password; signs out other sessions',
        body: ChangePasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 429) },
      },
      preHandler: passwordAttempts,
    },
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
  );

  app.get(
    accountPaths.webhookSecret,
    {
      schema: {
        tags,
        security,
        summary: 'The secret that signs this account’s webhook deliveries',
        response: { 200: WebhookSecretResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({
      secret: (await getUser(db, currentUser(request).id)).webhookSecret,
    }),
  );

  app.post(
    accountPaths.rotateWebhookSecret,
    {
      schema: {
        tags,
        security,
        summary: 'Replace the webhook signing secret; deliveries from now on use the new one',
        response: { 200: WebhookSecretResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const secret = await rotateWebhookSecret(db, currentUser(request).id);
      if (!secret) throw notFound('Account not found');
      return { secret };
    },
  );

  app.delete(
    accountPaths.account,
    {
      schema: {
        tags,
        security,
        summary: 'Delete the account and all of its data',
        description:
          'Refused (409 account_owes) while a refunded or disputed payment leaves money owed: add credit to settle it first.',
        body: DeleteAccountBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 409, 429) },
      },
      preHandler: passwordAttempts,
    },
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
  );
};

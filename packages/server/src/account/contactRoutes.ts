import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBody, MessageResponse } from '@parlance/contract';
import { accountPaths } from '@parlance/contract/endpoints';
import { limitBy } from '../http/rateLimit.js';
import { errorResponses } from '../http/schemas.js';
import { contactMail } from '../mail/templates.js';
import { saveContactMessage } from './repository.js';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const { windowMs, perEmail } = app.config.authRateLimit;

  app.post(
    accountPaths.contact,
    {
      schema: {
        tags: ['support'],
        summary: 'Send a message to support',
        body: ContactBody,
        response: { 201: MessageResponse, ...errorResponses(400, 429, 503) },
      },
      preHandler: limitBy(app, [
        { name: 'contact', max: perEmail, windowMs, key: (request) => request.ip },
      ]),
    },
    async (request, reply) => {
      const { name, email, message } = request.body;
      await saveContactMessage(db, { name, email, message });
      await app.deps.mailer.send(contactMail(app.config.mail.support, { name, email }, message));
      return reply.code(201).send({ message: `Thanks, ${name}. We will answer at ${email}.` });
    },
  );
};

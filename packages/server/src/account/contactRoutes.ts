import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOperations } from '@parlance/contract';
import { serve } from '../http/operation.js';
import { limitBy } from '../http/rateLimit.js';
import { contactMail } from '../mail/templates.js';
import { saveContactMessage } from './repository.js';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const { windowMs, perEmail } = app.config.authRateLimit;

  serve(
    app,
    accountOperations.contact,
    async (request, reply) => {
      const { name, email, message } = request.body;
      await saveContactMessage(db, { name, email, message });
      await app.deps.mailer.send(contactMail(app.config.mail.support, { name, email }, message));
      return reply.code(201).send({ message: `Thanks, ${name}. We will answer at ${email}.` });
    },
    {
      preHandler: limitBy(app, [
        { name: 'contact', max: perEmail, windowMs, key: (request) => request.ip },
      ]),
    },
  );
};

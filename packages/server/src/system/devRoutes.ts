import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemPaths } from '@parlance/contract/endpoints';
import { OutboxQuery, OutboxResponse } from '@parlance/contract';
import { readOutbox } from '../mail/mailer.js';
import { HttpError } from '../http/errors.js';
import { peerIsLoopback } from '../http/loopback.js';

/**
 * GET /api/dev/outbox: mail kept locally, so sign-up can be finished without a mail server.
 * Exists only on this machine's own installs (never in a deployment, even one that opted into
 * ALLOW_MAIL_OUTBOX) and only when no SMTP server is configured.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.deployed || app.deps.mailer.kind !== 'outbox') return;
  const { db } = app.deps.storage;

  app.get(
    systemPaths.devOutbox,
    {
      schema: {
        hide: true,
        tags: ['development'],
        summary: 'Mail stored locally, newest first (development only)',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse },
      },
    },
    async (request) => {
      if (!peerIsLoopback(request.raw))
        throw new HttpError('outbox_local_only', 'The outbox can only be read from this machine');
      const { to } = request.query;
      const rows = await readOutbox(db, to);
      return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};

import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxQuery, OutboxResponse } from '../contract/system.js';
import { outbox } from '../db/schema/index.js';

/**
 * GET /api/dev/outbox: mail kept locally, so sign-up can be finished without a mail server.
 * Exists only outside production and only when no SMTP server is configured.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.nodeEnv === 'production' || app.deps.mailer.kind !== 'outbox') return;
  const { db } = app.deps.storage;

  app.get(
    '/api/dev/outbox',
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
      const { to } = request.query;
      const rows = await db
        .select()
        .from(outbox)
        .where(to ? eq(outbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(outbox.createdAt))
        .limit(100);
      return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};

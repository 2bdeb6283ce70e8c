import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../auth/guards.js';
import { usageOperations } from '@parlance/contract';
import { MAX_EXPORT_ROWS } from '@parlance/contract/endpoints';
import { sendCsv } from '../http/download.js';
import { serve } from '../http/operation.js';
import { perUser } from '../http/rateLimit.js';
import { usdDecimal } from '../billing/money.js';
import { createUsage } from './service.js';

/** /api/usage/*: statistics of charged transcriptions for the dashboard. */
export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const usage = createUsage(app.deps.storage.db, { now: () => new Date() });
  app.addHook('preHandler', requireSession);

  serve(app, usageOperations.overview, async (request) =>
    usage.overview(currentUser(request).id, request.query.tz),
  );

  serve(app, usageOperations.chart, async (request) =>
    usage.chart(
      currentUser(request).id,
      Number.parseInt(request.query.period, 10),
      request.query.tz,
    ),
  );

  serve(app, usageOperations.spending, async (request) =>
    usage.spending(currentUser(request).id, request.query.from, request.query.to, request.query.tz),
  );

  serve(
    app,
    usageOperations.spendingCsv,
    async (request, reply) => {
      const { from, to, tz } = request.query;
      const jobs = await usage.jobs(currentUser(request).id, from, to, tz, MAX_EXPORT_ROWS);
      return sendCsv(
        reply,
        `parlance-usage-${from}-to-${to}.csv`,
        [
          'charged_at',
          'transcription_id',
          'sent_by',
          'api_key_id',
          'live',
          'file',
          'model',
          'audio_seconds',
          'cost_usd',
        ],
        jobs.map((job) => [
          job.createdAt,
          job.id,
          job.sender,
          job.apiKeyId,
          job.live,
          job.fileName,
          job.model,
          job.audioSeconds,
          usdDecimal(job.costMicros),
        ]),
      );
    },
    { preHandler: perUser(app, 'usage:export', 20) },
  );
};

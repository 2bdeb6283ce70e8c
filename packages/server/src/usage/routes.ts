import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../auth/guards.js';
import {
  SpendingQuery,
  Spending,
  UsageChart,
  UsageChartQuery,
  UsageOverview,
  UsageOverviewQuery,
} from '@parlance/contract';
import { usagePaths } from '@parlance/contract/endpoints';
import { errorResponses, fileResponse } from '../http/schemas.js';
import { MAX_EXPORT_ROWS, sendCsv } from '../http/download.js';
import { perUser } from '../http/rateLimit.js';
import { usdDecimal } from '../billing/money.js';
import { createUsage } from './service.js';

const tags = ['usage'];
const security = [{ session: [] }];

/** /api/usage/*: statistics of charged transcriptions for the dashboard. */
export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const usage = createUsage(app.deps.storage.db, { now: () => new Date() });
  app.addHook('preHandler', requireSession);

  app.get(
    usagePaths.overview,
    {
      schema: {
        tags,
        security,
        summary: 'This calendar month (in tz) against the last: minutes, cost, files',
        querystring: UsageOverviewQuery,
        response: { 200: UsageOverview, ...errorResponses(400, 401) },
      },
    },
    async (request) => usage.overview(currentUser(request).id, request.query.tz),
  );

  app.get(
    usagePaths.chart,
    {
      schema: {
        tags,
        security,
        summary: 'Minutes per month, oldest first, the current month last',
        querystring: UsageChartQuery,
        response: { 200: UsageChart, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      usage.chart(
        currentUser(request).id,
        Number.parseInt(request.query.period, 10),
        request.query.tz,
      ),
  );

  app.get(
    usagePaths.spending,
    {
      schema: {
        tags,
        security,
        summary:
          'Cost and minutes per calendar day (in tz) between two dates (inclusive, at most 366 days)',
        querystring: SpendingQuery,
        response: { 200: Spending, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      usage.spending(
        currentUser(request).id,
        request.query.from,
        request.query.to,
        request.query.tz,
      ),
  );

  app.get(
    usagePaths.spendingCsv,
    {
      schema: {
        tags,
        security,
        summary: `The charged jobs between two dates (inclusive, in tz) as CSV, newest first (at most ${MAX_EXPORT_ROWS.toLocaleString('en-US')})`,
        description:
          'One row per job: when it was charged (UTC), its id, who sent it (API key or playground), whether it was a live stream, file, model, audio seconds and cost.',
        querystring: SpendingQuery,
        response: {
          200: fileResponse('The jobs, one per row', 'text/csv'),
          ...errorResponses(400, 401, 429),
        },
      },
      preHandler: perUser(app, 'usage:export', 20),
    },
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
  );
};

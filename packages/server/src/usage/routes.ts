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
import { errorResponses } from '../http/schemas.js';
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
};

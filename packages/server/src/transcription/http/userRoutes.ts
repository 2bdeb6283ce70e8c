import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../auth/guards.js';
import { transcriptPaths } from '@parlance/contract/endpoints';
import { TranscriptList, TranscriptListQuery } from '@parlance/contract';
import type { Database } from '../../db/index.js';
import { errorResponses } from '../../http/schemas.js';
import { listTranscriptions } from '../jobs/repository.js';
import { toSummary } from './present.js';

/** The dashboard's history: the signed-in user's transcriptions, newest first. */
export const userTranscriptRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    transcriptPaths.list,
    {
      preHandler: requireSession,
      schema: {
        tags: ['dashboard'],
        security: [{ session: [] }],
        summary: 'Your transcriptions, paged; search matches file name and transcript text',
        querystring: TranscriptListQuery,
        response: { 200: TranscriptList, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { query } = request;
      const { rows, total } = await listTranscriptions(db, currentUser(request).id, query);
      return { transcriptions: rows.map(toSummary), total, page: query.page, limit: query.limit };
    },
  );
};

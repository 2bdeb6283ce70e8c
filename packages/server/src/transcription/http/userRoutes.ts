import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../../auth/guards.js';
import { transcriptOperations } from '@parlance/contract';
import type { Database } from '../../db/index.js';
import { serve } from '../../http/operation.js';
import { listTranscriptions } from '../jobs/repository.js';
import { toSummary } from './present.js';

/** The dashboard's history: the signed-in user's transcriptions, newest first. */
export const userTranscriptRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  serve(
    app,
    transcriptOperations.list,
    async (request) => {
      const { query } = request;
      const { rows, total } = await listTranscriptions(db, currentUser(request).id, query);
      return { transcriptions: rows.map(toSummary), total, page: query.page, limit: query.limit };
    },
    { preHandler: requireSession },
  );
};

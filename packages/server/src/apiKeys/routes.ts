import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOperations, type ApiKey } from '@parlance/contract';
import { currentUser, requireSession } from '../auth/guards.js';
import { notFound } from '../http/errors.js';
import { serve } from '../http/operation.js';
import type { ApiKeyRow } from './repository.js';

const toDto = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  monthlyLimitMicros: row.monthlyLimitMicros,
});

const keyNotFound = () => notFound('API key not found');

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.apiKeys;
  app.addHook('preHandler', requireSession);

  serve(app, apiKeyOperations.list, async (request) => {
    const rows = await keys.list(currentUser(request).id);
    return { apiKeys: rows.map(toDto) };
  });

  serve(app, apiKeyOperations.create, async (request, reply) => {
    const userId = currentUser(request).id;
    const mode = app.config.billing.testMode ? 'test' : 'live';
    const { row, secret } = await keys.create(userId, request.body.name, mode);
    return reply.code(201).send({ apiKey: toDto(row), secret });
  });

  serve(app, apiKeyOperations.rename, async (request) => {
    const userId = currentUser(request).id;
    const row = await keys.rename(userId, request.params.id, request.body.name);
    if (!row) throw keyNotFound();
    return { apiKey: toDto(row) };
  });

  serve(app, apiKeyOperations.limit, async (request) => {
    const userId = currentUser(request).id;
    const row = await keys.limit(userId, request.params.id, request.body.monthlyLimitMicros);
    if (!row) throw keyNotFound();
    return { apiKey: toDto(row) };
  });

  serve(app, apiKeyOperations.toggle, async (request) => {
    const userId = currentUser(request).id;
    const row = await keys.toggle(userId, request.params.id);
    if (!row) throw keyNotFound();
    return { apiKey: toDto(row) };
  });

  serve(app, apiKeyOperations.delete, async (request) => {
    const userId = currentUser(request).id;
    const deleted = await keys.delete(userId, request.params.id);
    if (!deleted) throw keyNotFound();
    return { message: 'API key deleted' };
  });
};

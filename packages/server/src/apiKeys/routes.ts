import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyList,
  ApiKeyName,
  ApiKeyResponse,
  CreatedApiKey,
  type ApiKey,
} from '../contract/apiKeys.js';
import { IdParams, MessageResponse } from '../contract/common.js';
import { apiKeyPaths } from '../contract/apiPaths.js';
import { currentUser, requireSession } from '../auth/guards.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';
import {
  createApiKey,
  deleteApiKey,
  listApiKeys,
  renameApiKey,
  toggleApiKey,
  type ApiKeyRow,
} from './repository.js';

const toDto = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const keyNotFound = () => notFound('API key not found');
const tags = ['api-keys'];
const security = [{ session: [] }];

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  app.addHook('preHandler', requireSession);

  app.get(
    apiKeyPaths.list,
    {
      schema: {
        tags,
        security,
        summary: 'List your API keys',
        response: { 200: ApiKeyList, ...errorResponses(401) },
      },
    },
    async (request) => ({
      apiKeys: (await listApiKeys(db, currentUser(request).id)).map(toDto),
    }),
  );

  app.post(
    apiKeyPaths.list,
    {
      schema: {
        tags,
        security,
        summary: 'Create an API key; the secret is in this answer only',
        body: ApiKeyName,
        response: { 201: CreatedApiKey, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { row, secret } = await createApiKey(db, currentUser(request).id, request.body.name);
      return reply.code(201).send({ apiKey: toDto(row), secret });
    },
  );

  app.put(
    apiKeyPaths.key,
    {
      schema: {
        tags,
        security,
        summary: 'Rename an API key',
        params: IdParams,
        body: ApiKeyName,
        response: { 200: ApiKeyResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await renameApiKey(
        db,
        currentUser(request).id,
        request.params.id,
        request.body.name,
      );
      if (!row) throw keyNotFound();
      return { apiKey: toDto(row) };
    },
  );

  app.patch(
    apiKeyPaths.toggle,
    {
      schema: {
        tags,
        security,
        summary: 'Enable a disabled key or disable an enabled one (takes effect immediately)',
        params: IdParams,
        response: { 200: ApiKeyResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await toggleApiKey(db, currentUser(request).id, request.params.id);
      if (!row) throw keyNotFound();
      return { apiKey: toDto(row) };
    },
  );

  app.delete(
    apiKeyPaths.key,
    {
      schema: {
        tags,
        security,
        summary: 'Delete an API key (takes effect immediately)',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      if (!(await deleteApiKey(db, currentUser(request).id, request.params.id))) {
        throw keyNotFound();
      }
      return { message: 'API key deleted' };
    },
  );
};

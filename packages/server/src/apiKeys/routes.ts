import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyList,
  ApiKeyName,
  ApiKeyResponse,
  CreatedApiKey,
  type ApiKey,
  IdParams,
  MessageResponse,
  MonthlyLimit,
} from '@parlance/contract';
import { apiKeyPaths } from '@parlance/contract/endpoints';
import { currentUser, requireSession } from '../auth/guards.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';
import {
  createApiKey,
  deleteApiKey,
  limitApiKey,
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
  monthlyLimitMicros: row.monthlyLimitMicros,
});

const keyNotFound = () => notFound('API key not found');
const tags = ['api-keys'];
const security = [{ session: [] }];

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.storage;
  const lists = app.services.apiKeyLists;
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
    async (request) => {
      const userId = currentUser(request).id;
      let listed = lists.get(userId);
      if (!listed) {
        const ticket = lists.beginRead();
        listed = (await listApiKeys(db, userId)).map(toDto);
        lists.store(userId, listed, ticket);
      }
      return { apiKeys: listed };
    },
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
      const userId = currentUser(request).id;
      const mode = app.config.billing.testMode ? 'test' : 'live';
      const { row, secret } = await createApiKey(db, userId, request.body.name, mode);
      lists.forget(userId);
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
      const userId = currentUser(request).id;
      const row = await renameApiKey(db, userId, request.params.id, request.body.name);
      lists.forget(userId);
      if (!row) throw keyNotFound();
      return { apiKey: toDto(row) };
    },
  );

  app.put(
    apiKeyPaths.limit,
    {
      schema: {
        tags,
        security,
        summary: "Set or remove a key's monthly spending limit",
        description:
          "Requests with the key past it this calendar month (UTC) get 402 spend_limit_reached; the account's own limit applies as well.",
        params: IdParams,
        body: MonthlyLimit,
        response: { 200: ApiKeyResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const row = await limitApiKey(db, userId, request.params.id, request.body.monthlyLimitMicros);
      lists.forget(userId);
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
      const userId = currentUser(request).id;
      const row = await toggleApiKey(db, userId, request.params.id);
      lists.forget(userId);
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
      const userId = currentUser(request).id;
      const deleted = await deleteApiKey(db, userId, request.params.id);
      lists.forget(userId);
      if (!deleted) throw keyNotFound();
      return { message: 'API key deleted' };
    },
  );
};

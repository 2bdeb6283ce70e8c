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
const tags = ['api-keys'];
const security = [{ session: [] }];

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.apiKeys;
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
      const rows = await keys.list(currentUser(request).id);
      return { apiKeys: rows.map(toDto) };
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
      const { row, secret } = await keys.create(userId, request.body.name, mode);
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
      const row = await keys.rename(userId, request.params.id, request.body.name);
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
      const row = await keys.limit(userId, request.params.id, request.body.monthlyLimitMicros);
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
      const row = await keys.toggle(userId, request.params.id);
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
      const deleted = await keys.delete(userId, request.params.id);
      if (!deleted) throw keyNotFound();
      return { message: 'API key deleted' };
    },
  );
};

import { and, desc, eq, not } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyList,
  ApiKeyName,
  ApiKeyResponse,
  CreatedApiKey,
  type ApiKey,
} from '../contract/apiKeys.js';
import { IdParams, MessageResponse } from '../contract/common.js';
import { apiKeys } from '../db/schema/index.js';
import { currentUser, requireSession } from '../auth/guards.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { notFound } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';

/** Secrets look like `pk_live_<43 base64url chars>` (32 random bytes); lists show the first 12 characters. */
const SECRET_PREFIX = 'pk_live_';
const SHOWN_PREFIX_LENGTH = SECRET_PREFIX.length + 4;

type ApiKeyRow = typeof apiKeys.$inferSelect;

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
  const owned = (id: string, userId: string) => and(eq(apiKeys.id, id), eq(apiKeys.userId, userId));

  app.get(
    '/api/api-keys',
    {
      schema: {
        tags,
        security,
        summary: 'List your API keys',
        response: { 200: ApiKeyList, ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, currentUser(request).id))
        .orderBy(desc(apiKeys.createdAt));
      return { apiKeys: rows.map(toDto) };
    },
  );

  app.post(
    '/api/api-keys',
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
      const secret = `${SECRET_PREFIX}${randomToken()}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          userId: currentUser(request).id,
          name: request.body.name,
          prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
          keyHash: sha256(secret),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return reply.code(201).send({ apiKey: toDto(row), secret });
    },
  );

  app.put(
    '/api/api-keys/:id',
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
      const [row] = await db
        .update(apiKeys)
        .set({ name: request.body.name })
        .where(owned(request.params.id, currentUser(request).id))
        .returning();
      if (!row) throw keyNotFound();
      return { apiKey: toDto(row) };
    },
  );

  app.patch(
    '/api/api-keys/:id/toggle',
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
      const [row] = await db
        .update(apiKeys)
        .set({ enabled: not(apiKeys.enabled) })
        .where(owned(request.params.id, currentUser(request).id))
        .returning();
      if (!row) throw keyNotFound();
      return { apiKey: toDto(row) };
    },
  );

  app.delete(
    '/api/api-keys/:id',
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
      const deleted = await db
        .delete(apiKeys)
        .where(owned(request.params.id, currentUser(request).id))
        .returning({ id: apiKeys.id });
      if (deleted.length === 0) throw keyNotFound();
      return { message: 'API key deleted' };
    },
  );
};

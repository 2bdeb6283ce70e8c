import { z } from 'zod';
import { apiKeyEndpoints } from './apiPaths.js';
import { MonthlyLimit } from './billing.js';
import { IdParams, MessageResponse, Micros, Timestamp } from './common.js';
import { describeEndpoints } from './operation.js';

export const ApiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().describe('First characters of the secret, to tell keys apart'),
    enabled: z.boolean(),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable(),
    monthlyLimitMicros: Micros.nullable().describe(
      "What requests with this key may spend per calendar month (UTC), within the account's own limit; null: none of its own",
    ),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyName = z.object({
  name: z.string().trim().min(1, { error: 'Enter a name for the key' }).max(100),
});
export type ApiKeyName = z.infer<typeof ApiKeyName>;

export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const ApiKeyResponse = z.object({ apiKey: ApiKey });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;

export const CreatedApiKey = z.object({
  apiKey: ApiKey,
  secret: z.string().describe('The full key; shown once, never again'),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

const tags = ['api-keys'];
const auth = ['session'] as const;

export const apiKeyOperations = describeEndpoints(apiKeyEndpoints, {
  list: {
    tags,
    auth,
    summary: 'List your API keys',
    responses: { 200: ApiKeyList },
    errors: [401],
  },
  create: {
    tags,
    auth,
    summary: 'Create an API key; the secret is in this answer only',
    body: ApiKeyName,
    responses: { 201: CreatedApiKey },
    errors: [400, 401],
  },
  rename: {
    tags,
    auth,
    summary: 'Rename an API key',
    params: IdParams,
    body: ApiKeyName,
    responses: { 200: ApiKeyResponse },
    errors: [400, 401, 404],
  },
  limit: {
    tags,
    auth,
    summary: "Set or remove a key's monthly spending limit",
    description:
      "Requests with the key past it this calendar month (UTC) get 402 spend_limit_reached; the account's own limit applies as well.",
    params: IdParams,
    body: MonthlyLimit,
    responses: { 200: ApiKeyResponse },
    errors: [400, 401, 404],
  },
  toggle: {
    tags,
    auth,
    summary: 'Enable a disabled key or disable an enabled one (takes effect immediately)',
    params: IdParams,
    responses: { 200: ApiKeyResponse },
    errors: [400, 401, 404],
  },
  delete: {
    tags,
    auth,
    summary: 'Delete an API key (takes effect immediately)',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [400, 401, 404],
  },
});

import { z } from 'zod';
import { Micros, Timestamp } from './common.js';

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

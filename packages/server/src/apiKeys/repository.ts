import { and, desc, eq, isNull, lt, not, or } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { apiKeys, users } from '../db/schema/index.js';
import { randomToken, sha256 } from '../auth/tokens.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * Secrets say what they are, so secret scanners can match them: `prl_live_` on a server that takes
 * real payments, `prl_test_` on one in test mode (test payments, or Stripe's test keys), then 43
 * base64url characters (32 random bytes): `prl_(live|test)_[A-Za-z0-9_-]{43}`. Lists show the
 * prefix and 4 more characters. Keys made before (`pk_live_…`) keep working: a key is found by
 * its whole secret.
 */
export type KeyMode = 'live' | 'test';
const secretPrefix = (mode: KeyMode) => `prl_${mode}_`;
const SHOWN_RANDOM_CHARACTERS = 4;

/** Only update last_used_at when it is older than this, so busy keys do not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

const owned = (userId: string, id: string) => and(eq(apiKeys.id, id), eq(apiKeys.userId, userId));

/** The user's keys, newest first. */
export function listApiKeys(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt));
}

/** Creates a key; only its hash is stored, so the secret exists in this answer only. */
export async function createApiKey(
  db: Database,
  userId: string,
  name: string,
  mode: KeyMode,
): Promise<{ row: ApiKeyRow; secret: string }> {
  const prefix = secretPrefix(mode);
  const secret = `${prefix}${randomToken()}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId,
      name,
      prefix: secret.slice(0, prefix.length + SHOWN_RANDOM_CHARACTERS),
      keyHash: sha256(secret),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { row, secret };
}

/** undefined when the user has no such key. */
export async function renameApiKey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db.update(apiKeys).set({ name }).where(owned(userId, id)).returning();
  return row;
}

/** Sets (null: removes) a key's monthly spending limit; undefined when the user has no such key. */
export async function limitApiKey(
  db: Database,
  userId: string,
  id: string,
  monthlyLimitMicros: number | null,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ monthlyLimitMicros })
    .where(owned(userId, id))
    .returning();
  return row;
}

/** Enables a disabled key or disables an enabled one; undefined when the user has no such key. */
export async function toggleApiKey(
  db: Database,
  userId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ enabled: not(apiKeys.enabled) })
    .where(owned(userId, id))
    .returning();
  return row;
}

/** false when the user has no such key. */
export async function deleteApiKey(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(apiKeys).where(owned(userId, id)).returning({ id: apiKeys.id });
  return deleted.length > 0;
}

/**
 * The key with this secret and its owner, marking it used; `used` tells whether this call moved the
 * key's lastUsedAt (at most once per LAST_USED_RESOLUTION_MS). undefined for an unknown secret.
 */
export async function findApiKeyBySecret(
  db: Database,
  secret: string,
  now = new Date(),
): Promise<{ key: ApiKeyRow; user: UserRow; used: boolean } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, sha256(secret)));
  if (!row) return undefined;
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.key.enabled || (row.key.lastUsedAt && row.key.lastUsedAt >= since)) {
    return { ...row, used: false };
  }
  // The condition again in SQL: another process may have marked the key since it was read.
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, row.key.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since)),
      ),
    );
  return { ...row, used: true };
}

/** The name today of the user's key; null once it is deleted. */
export async function apiKeyName(db: Database, userId: string, id: string): Promise<string | null> {
  const [row] = await db.select({ name: apiKeys.name }).from(apiKeys).where(owned(userId, id));
  return row?.name ?? null;
}

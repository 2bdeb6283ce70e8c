import type { Database } from '../db/index.js';
import { forgetAfter, ReadCache } from '../db/readCache.js';
import {
  createApiKey,
  deleteApiKey,
  findApiKeyBySecret,
  limitApiKey,
  listApiKeys,
  renameApiKey,
  toggleApiKey,
  type ApiKeyRow,
  type KeyMode,
} from './repository.js';

/**
 * GET /api/api-keys answers from this process's memory for 5 s (PGlite made its one query cost four
 * times the rest of the request). This process's key writes, uses included, forget the owner's list
 * at once; another process's show within 5 s. Authentication never reads this cache.
 */
export const API_KEY_LIST_CACHE = { ttlMs: 5_000, maxEntries: 10_000 };

/**
 * Each account's API keys: the only writer of the keys, so the list it caches by owner is
 * forgotten by every write (and every use that moves a key's lastUsedAt) in this process.
 */
export function createApiKeys(db: Database) {
  const lists = new ReadCache<ApiKeyRow[]>(API_KEY_LIST_CACHE);
  /** The owner's list changed: forgotten after the write. */
  const changed = <T>(userId: string, write: Promise<T>) =>
    forgetAfter(write, () => lists.forget(userId));
  return {
    /** The user's keys, newest first. */
    async list(userId: string): Promise<ApiKeyRow[]> {
      const cached = lists.get(userId);
      if (cached) return cached;
      const ticket = lists.beginRead();
      const rows = await listApiKeys(db, userId);
      lists.store(userId, rows, ticket);
      return rows;
    },
    create: (userId: string, name: string, mode: KeyMode) =>
      changed(userId, createApiKey(db, userId, name, mode)),
    rename: (userId: string, id: string, name: string) =>
      changed(userId, renameApiKey(db, userId, id, name)),
    limit: (userId: string, id: string, monthlyLimitMicros: number | null) =>
      changed(userId, limitApiKey(db, userId, id, monthlyLimitMicros)),
    toggle: (userId: string, id: string) => changed(userId, toggleApiKey(db, userId, id)),
    delete: (userId: string, id: string) => changed(userId, deleteApiKey(db, userId, id)),
    /** The key with this secret and its owner, marked used (the owner's list shows lastUsedAt). */
    async authenticate(secret: string) {
      const found = await findApiKeyBySecret(db, secret);
      if (found?.used) lists.forget(found.user.id);
      return found;
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;

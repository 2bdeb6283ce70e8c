import { SessionCache } from '../auth/sessionCache.js';
import { accountForGoogle, type Claims } from '../auth/googleAccounts.js';
import { resetPassword } from '../auth/resetTokens.js';
import { findSession, revokeAllSessions, revokeSession } from '../auth/sessions.js';
import type { Database, Transaction } from '../db/index.js';
import { forgetAfter } from '../db/readCache.js';
import type { Erasures } from '../system/erasures.js';
import { changePassword, deleteAccount, updateProfile } from './repository.js';

/**
 * A signed-in request asks the database nothing while its session was read under 5 s ago. Other
 * processes' sign-outs, password changes and deletions take effect here within those 5 s (this
 * process's own, at once); 10,000 sessions hold a few MB.
 */
export const SESSION_CACHE = { ttlMs: 5_000, maxEntries: 10_000 };

/**
 * Accounts and their sessions: every write that revokes a session or changes what a session shows
 * of its account goes through here, so this process's session cache forgets it once the write has
 * committed (whatever the write found). Verifying a registration's code writes an account too, but
 * an unverified account has no session to forget.
 */
export function createAccounts(db: Database, erasures: Erasures) {
  const cache = new SessionCache(SESSION_CACHE);
  const changing = <T>(userId: string, write: Promise<T>) =>
    forgetAfter(write, () => cache.forgetUser(userId));
  return {
    /** The live session of a cookie token (renewed when a day old), or null. */
    session: (token: string, ttlSeconds: number) => findSession(db, cache, token, ttlSeconds),
    signOut: (token: string) => revokeSession(db, cache, token),
    signOutEverywhere: (userId: string) => changing(userId, revokeAllSessions(db, userId)),
    updateProfile: (userId: string, profile: Parameters<typeof updateProfile>[2]) =>
      changing(userId, updateProfile(db, userId, profile)),
    /** Signs out every other session of the account too. */
    changePassword: (userId: string, passwordHash: string, keepSessionId: string) =>
      changing(userId, changePassword(db, userId, passwordHash, keepSessionId)),
    delete: (userId: string) => changing(userId, deleteAccount(db, erasures, userId)),
    /** The account whose password a reset link set (its sessions are signed out), or null. */
    async resetPassword(
      token: string,
      password: string,
      onVerified: (tx: Transaction, userId: string) => Promise<void>,
    ) {
      const userId = await resetPassword(db, token, password, onVerified);
      if (userId) cache.forgetUser(userId);
      return userId;
    },
    /** The account of a Google sign-in; linking changes what its sessions show. */
    async ofGoogle(claims: Claims) {
      const user = await accountForGoogle(db, claims);
      cache.forgetUser(user.id);
      return user;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

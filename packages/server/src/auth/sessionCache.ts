import type { User } from '@parlance/contract';
import { ReadCache } from '../db/readCache.js';

/**
 * What a session cookie stood for when the database was last asked: the session, its owner as the
 * API shows them (no password or webhook secret is kept here), and when it expires (ms).
 */
export interface CachedSession {
  sessionId: string;
  user: User;
  expiresAt: number;
}

/**
 * Sessions by token hash, so an authenticated request in this process usually asks the database
 * nothing. Writes in this process that revoke a session or change its owner forget the entries.
 */
export class SessionCache extends ReadCache<CachedSession> {
  forgetToken(tokenHash: string): void {
    this.forget(tokenHash);
  }

  /** Every session of the user: after sign-out everywhere, a password or profile change, deletion. */
  forgetUser(userId: string): void {
    this.forgetWhere((session) => session.user.id === userId);
  }
}

import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import type { User } from '@parlance/contract';
import { SIGNED_IN_HINT_COOKIE } from '@parlance/contract/endpoints';
import type { Database } from '../db/index.js';
import { sessions, users } from '../db/schema/index.js';
import type { SessionCache } from './sessionCache.js';
import { randomToken, sha256 } from './tokens.js';
import { toUserDto } from './users.js';

export const SESSION_COOKIE = 'parlance_session';

/** A session is renewed (expiry pushed back, cookie re-sent) at most once per this interval. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export async function createSession(
  db: Database,
  userId: string,
  ttlSeconds: number,
): Promise<{ token: string }> {
  const token = randomToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return { token };
}

export interface SessionLookup {
  sessionId: string;
  user: User;
  /** True when the expiry was just pushed back and the cookie should be re-sent. */
  renewed: boolean;
}

/**
 * The live session for a cookie token, renewing its sliding expiry when it is older than a day.
 * Answered from `cache` while its entry is fresh and the session unexpired (renewal waits for the
 * next read, at most the cache TTL late).
 */
export async function findSession(
  db: Database,
  cache: SessionCache,
  token: string,
  ttlSeconds: number,
): Promise<SessionLookup | null> {
  const tokenHash = sha256(token);
  const now = new Date();
  const cached = cache.get(tokenHash);
  if (cached && cached.expiresAt > now.getTime()) {
    return { sessionId: cached.sessionId, user: cached.user, renewed: false };
  }
  const ticket = cache.beginRead();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  if (!row) return null;
  let { expiresAt } = row.session;
  const renewed = now.getTime() - row.session.renewedAt.getTime() > RENEW_AFTER_MS;
  if (renewed) {
    expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    await db
      .update(sessions)
      .set({ renewedAt: now, expiresAt })
      .where(eq(sessions.id, row.session.id));
  }
  const user = toUserDto(row.user);
  const sessionId = row.session.id;
  cache.store(tokenHash, { sessionId, user, expiresAt: expiresAt.getTime() }, ticket);
  return { sessionId, user, renewed };
}

/** Signs out the session of `token`, in the database and in this process's cache. */
export async function revokeSession(
  db: Database,
  cache: SessionCache,
  token: string,
): Promise<void> {
  const tokenHash = sha256(token);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  cache.forgetToken(tokenHash);
}

export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The session cookie and, readable by the page's script, its signed-in hint (same lifetime). */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  const options = { path: '/', sameSite: 'lax', secure: config.secureCookies } as const;
  reply.setCookie(SESSION_COOKIE, token, {
    ...options,
    httpOnly: true,
    maxAge: config.sessionTtlSeconds,
  });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...options, maxAge: config.sessionTtlSeconds });
}

/** Clears the session cookie and its hint. */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const options = { path: '/', sameSite: 'lax', secure: config.secureCookies } as const;
  reply.clearCookie(SESSION_COOKIE, { ...options, httpOnly: true });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, options);
}

/** Signs the user in on this reply: a new session row and its cookie. */
export async function startSession(
  reply: FastifyReply,
  db: Database,
  config: Config,
  userId: string,
): Promise<void> {
  const { token } = await createSession(db, userId, config.sessionTtlSeconds);
  setSessionCookie(reply, config, token);
}

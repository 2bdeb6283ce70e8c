import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { sessions, users } from '../db/schema/index.js';
import { randomToken, sha256 } from './tokens.js';

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
  user: typeof users.$inferSelect;
  /** True when the expiry was just pushed back and the cookie should be re-sent. */
  renewed: boolean;
}

/** The live session for a cookie token, renewing its sliding expiry when it is older than a day. */
export async function findSession(
  db: Database,
  token: string,
  ttlSeconds: number,
): Promise<SessionLookup | null> {
  const now = new Date();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)));
  if (!row) return null;
  const renewed = now.getTime() - row.session.renewedAt.getTime() > RENEW_AFTER_MS;
  if (renewed) {
    await db
      .update(sessions)
      .set({ renewedAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) })
      .where(eq(sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, user: row.user, renewed };
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: config.sessionTtlSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
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

import type { User } from '../contract/auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's sessions (made in buildApp): whatever revokes or changes one forgets it. */
    sessionCache: SessionCache;
  }
}

/**
 * What a session cookie stood for when the database was last asked: the session, its owner as the
 * API shows them (no password or webhook secret is kept here), and when it expires (ms).
 */
export interface CachedSession {
  sessionId: string;
  user: User;
  expiresAt: number;
}

/** Taken before a database read; `store` drops the result if a forget happened meanwhile. */
export interface ReadTicket {
  generation: number;
  startedAt: number;
}

export interface SessionCacheOptions {
  /** How long a read may answer for the database: bounds what another process's writes wait. */
  ttlMs: number;
  /** Least recently used entries go beyond this. */
  maxEntries: number;
  now?: () => number;
}

/**
 * Sessions by token hash, so an authenticated request in this process usually asks the database
 * nothing (PGlite runs one query at a time; a session read cost more than the rest of a request).
 * Writes in this process that revoke a session or change its owner forget the entries at once;
 * writes by other processes are seen when an entry's TTL runs out, `ttlMs` after its read began.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: CachedSession; readAt: number }>();
  /** Bumped by every forget, so a read that raced one cannot put back what it forgot. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs, maxEntries, now = () => Date.now() }: SessionCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    this.entries.delete(tokenHash);
    if (this.now() - entry.readAt >= this.ttlMs) return undefined;
    // Re-inserting keeps the Map in least-recently-used order.
    this.entries.set(tokenHash, entry);
    return entry.session;
  }

  beginRead(): ReadTicket {
    return { generation: this.generation, startedAt: this.now() };
  }

  store(tokenHash: string, session: CachedSession, ticket: ReadTicket): void {
    if (ticket.generation !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { session, readAt: ticket.startedAt });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  /** Every session of the user: after sign-out everywhere, a password or profile change, deletion. */
  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (entry.session.user.id === userId) this.entries.delete(tokenHash);
    }
  }
}

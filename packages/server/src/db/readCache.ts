/** Taken before a database read; `store` drops the result if a forget happened meanwhile. */
export interface ReadTicket {
  generation: number;
  startedAt: number;
}

export interface ReadCacheOptions {
  /** How long a read may answer for the database: bounds what another process's writes wait. */
  ttlMs: number;
  /** Least recently used entries go beyond this. */
  maxEntries: number;
  now?: () => number;
}

/**
 * Database reads kept in this process, so a request can be answered without asking the database
 * again (PGlite runs one query at a time, and one query cost more than the rest of a request).
 * Writes in this process forget what they change at once; writes by other processes are seen when
 * an entry's TTL runs out, `ttlMs` after its read began.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; readAt: number }>();
  /** Bumped by every forget, so a read that raced one cannot put back what it forgot. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs, maxEntries, now = () => Date.now() }: ReadCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.readAt >= this.ttlMs) return undefined;
    // Re-inserting keeps the Map in least-recently-used order.
    this.entries.set(key, entry);
    return entry.value;
  }

  beginRead(): ReadTicket {
    return { generation: this.generation, startedAt: this.now() };
  }

  store(key: string, value: V, ticket: ReadTicket): void {
    if (ticket.generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value, readAt: ticket.startedAt });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Every entry whose value `matches`. */
  forgetWhere(matches: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value)) this.entries.delete(key);
    }
  }
}

/**
 * Waits for a write, then runs `forget` (what the write may have changed in a cache), whatever the
 * write found or threw: forgetting after the write has committed, a read that raced it cannot put
 * back what it changed.
 */
export async function forgetAfter<T>(write: Promise<T>, forget: () => void): Promise<T> {
  try {
    return await write;
  } finally {
    forget();
  }
}

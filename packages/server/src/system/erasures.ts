import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/index.js';
import { pendingErasures } from '../db/schema/index.js';

export type ErasureKind = (typeof pendingErasures.kind.enumValues)[number];

/** How one kind of an account's data outside the database is found and removed. */
export interface Eraser {
  /** What of the user there is to erase; runs inside the transaction that deletes the user. */
  collect(tx: Transaction, userId: string): Promise<string[]>;
  /** Removes one item, and succeeds when it is already gone (an erasure may be retried). */
  erase(ref: string): Promise<void>;
}

/** Items read, or written, per statement: far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

export type Erasures = ReturnType<typeof createErasures>;

/**
 * Account deletion beyond the database. Modules that keep a user's data elsewhere (audio in the
 * blob store, the customer at Stripe) register an eraser. Deleting an account records every item
 * in `pending_erasures` in the same transaction as the delete, then erases them; an item whose
 * erasure fails stays recorded and is retried by housekeeping, so no crash or outage leaks it.
 */
export function createErasures(db: Database, log: FastifyBaseLogger) {
  const erasers = new Map<ErasureKind, Eraser>();

  async function eraseEach(items: (typeof pendingErasures.$inferSelect)[]) {
    let erased = 0;
    let failed = 0;
    for (const item of items) {
      const eraser = erasers.get(item.kind);
      if (!eraser) continue;
      try {
        await eraser.erase(item.ref);
        await db.delete(pendingErasures).where(eq(pendingErasures.id, item.id));
        erased += 1;
      } catch (err) {
        failed += 1;
        log.warn({ err, kind: item.kind, erasure: item.id }, 'erasure failed; retried later');
        await db
          .update(pendingErasures)
          .set({
            attempts: sql`${pendingErasures.attempts} + 1`,
            lastError: err instanceof Error ? err.message : String(err),
          })
          .where(eq(pendingErasures.id, item.id));
      }
    }
    return { erased, failed };
  }

  async function recordItems(tx: Transaction, kind: ErasureKind, refs: string[]) {
    const ids: string[] = [];
    for (const chunk of chunks(refs)) {
      const rows = await tx
        .insert(pendingErasures)
        .values(chunk.map((ref) => ({ kind, ref })))
        .returning({ id: pendingErasures.id });
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }

  return {
    register(kind: ErasureKind, eraser: Eraser): void {
      erasers.set(kind, eraser);
    },

    /** Call inside the transaction that deletes the user, before the delete; answers the ids. */
    async record(tx: Transaction, userId: string): Promise<string[]> {
      const ids: string[] = [];
      for (const [kind, eraser] of erasers)
        ids.push(...(await recordItems(tx, kind, await eraser.collect(tx, userId))));
      return ids;
    },

    /**
     * Call inside the transaction that deletes what held them (a transcript and its audio):
     * records `refs` to erase, so an outage of where they live only delays it. Answers the ids.
     */
    recordItems,

    /**
     * Erases the recorded items `ids` (one deletion's), or without them everything pending that
     * this process can erase (housekeeping): the least-tried first, so items that keep failing
     * never hold up the rest. Answers how many went and how many are left to retry.
     */
    async run(ids?: string[]): Promise<{ erased: number; failed: number }> {
      const total = { erased: 0, failed: 0 };
      const kinds = [...erasers.keys()];
      if (kinds.length === 0) return total;
      const batches = ids
        ? chunks(ids).map((chunk) => inArray(pendingErasures.id, chunk))
        : undefined;
      for (let batch = 0; ; batch += 1) {
        const only = batches ? batches[batch] : undefined;
        if (batches && !only) break;
        const pending = await db
          .select()
          .from(pendingErasures)
          .where(and(inArray(pendingErasures.kind, kinds), only))
          .orderBy(asc(pendingErasures.attempts), asc(pendingErasures.createdAt))
          .limit(CHUNK);
        const done = await eraseEach(pending);
        total.erased += done.erased;
        total.failed += done.failed;
        // Housekeeping goes on while a batch gets anywhere; a batch that all failed waits an hour.
        if (!batches && (pending.length < CHUNK || done.erased === 0)) break;
      }
      return total;
    },
  };
}

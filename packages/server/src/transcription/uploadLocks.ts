import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { uploads } from '../db/schema/index.js';

/** How long a lock holds without being renewed: a process that died frees its uploads by then. */
export const UPLOAD_LOCK_SECONDS = 30;
const POLL_MS = 200;

/**
 * tus's lock on an upload (one request at a time writes it), held in the upload's row as a lease,
 * so it holds across API processes: with S3, the next PATCH of an upload may reach another process
 * than the one still writing the last (after a dropped connection it notices late). A lock is
 * renewed while held and lapses UPLOAD_LOCK_SECONDS after its process stops renewing it; a holder
 * whose renewal finds the lease gone (taken after a lapse) is asked to stop. A request of this
 * process that wants a lock another of its requests holds asks that one to stop first, as
 * @tus/server's memory locker does; one of another process is waited for, up to `waitMs` (then
 * 500, which tus clients retry).
 */
export function createUploadLocker(db: Database, waitMs: number): Locker {
  /** Locks held by this process's requests: how to ask each to let go. */
  const held = new Map<string, RequestRelease>();
  const mine = (id: string, token: string) => and(eq(uploads.id, id), eq(uploads.lockToken, token));
  const lease = sql`now() + make_interval(secs => ${UPLOAD_LOCK_SECONDS})`;

  return {
    newLock(id: string): Lock {
      const token = randomBytes(12).toString('hex');
      let renewal: NodeJS.Timeout | undefined;
      return {
        async lock(signal, requestRelease) {
          const deadline = Date.now() + waitMs;
          for (;;) {
            if (signal.aborted) throw ERRORS.ABORTED;
            const taken = await db
              .update(uploads)
              .set({ lockToken: token, lockedUntil: lease })
              .where(
                and(
                  eq(uploads.id, id),
                  sql`(${uploads.lockedUntil} is null or ${uploads.lockedUntil} < now())`,
                ),
              )
              .returning({ id: uploads.id });
            // No row: the upload is gone (deleted, expired); nothing is left to guard.
            const [exists] = taken.length
              ? taken
              : await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id));
            if (taken.length || !exists) break;
            await held.get(id)?.();
            if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await sleep(POLL_MS);
          }
          held.set(id, requestRelease);
          renewal = setInterval(
            () => {
              db.update(uploads)
                .set({ lockedUntil: lease })
                .where(mine(id, token))
                .returning({ id: uploads.id })
                .then(
                  (renewed) => {
                    if (renewed.length === 0) void requestRelease();
                  },
                  () => undefined, // a missed renewal: the next one, or the lease lapses
                );
            },
            (UPLOAD_LOCK_SECONDS * 1000) / 3,
          );
          renewal.unref();
        },
        async unlock() {
          clearInterval(renewal);
          held.delete(id);
          await db
            .update(uploads)
            .set({ lockToken: null, lockedUntil: null })
            .where(mine(id, token));
        },
      };
    },
  };
}

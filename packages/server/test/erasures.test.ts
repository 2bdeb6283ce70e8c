/**
 * What deleting an account leaves outside the database is recorded in the deleting transaction
 * and erased after it, however much there is and whatever fails (src/system/erasures.ts).
 */
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingErasures } from '../src/db/schema/index.js';
import { createErasures } from '../src/system/erasures.js';
import { backends, signUp, startServer, type TestServer } from './helpers.js';

describe.each(backends)('erasures (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  it('records and erases far more items than one statement may carry', async () => {
    const { db } = server.storage;
    const { user } = await signUp(server);
    const refs = Array.from({ length: 2_500 }, (_, i) => `audio/${user.id}/${i}`);
    const erased: string[] = [];
    const erasures = createErasures(db, pino({ level: 'silent' }));
    erasures.register('blob', {
      collect: async (_tx, userId) => (userId === user.id ? refs : []),
      erase: async (ref) => {
        erased.push(ref);
      },
    });
    const ids = await db.transaction((tx) => erasures.record(tx, user.id));
    expect(ids).toHaveLength(2_500);
    expect(await erasures.run(ids)).toEqual({ erased: 2_500, failed: 0 });
    expect(erased.sort()).toEqual([...refs].sort());
    expect(await db.select().from(pendingErasures).where(inArray(pendingErasures.id, ids))).toEqual(
      [],
    );
  });

  it('keeps what fails for the next pass, tries the least-tried first, skips kinds it cannot erase', async () => {
    const { db } = server.storage;
    const { user } = await signUp(server);
    const broken = new Set([`audio/${user.id}/broken`]);
    const erasures = createErasures(db, pino({ level: 'silent' }));
    erasures.register('blob', {
      collect: async () => [`audio/${user.id}/ok`, ...broken],
      erase: async (ref) => {
        if (broken.has(ref)) throw new Error('S3 is down');
      },
    });
    const ids = await db.transaction((tx) => erasures.record(tx, user.id));
    // Another process's kind (no eraser registered here) is left to that process.
    const [foreign] = await db
      .insert(pendingErasures)
      .values({ kind: 'payment_customer', ref: 'cus_elsewhere' })
      .returning();
    expect(await erasures.run(ids)).toEqual({ erased: 1, failed: 1 });
    const left = await db
      .select()
      .from(pendingErasures)
      .where(inArray(pendingErasures.id, [...ids, foreign?.id ?? '']));
    expect(left.map((row) => [row.ref, row.attempts, row.lastError])).toEqual(
      expect.arrayContaining([
        [`audio/${user.id}/broken`, 1, 'S3 is down'],
        ['cus_elsewhere', 0, null],
      ]),
    );
    expect(left).toHaveLength(2);
    broken.clear();
    const pass = await erasures.run();
    expect(pass.failed).toBe(0);
    expect(pass.erased).toBeGreaterThanOrEqual(1);
    const remaining = await db
      .select({ ref: pendingErasures.ref })
      .from(pendingErasures)
      .where(inArray(pendingErasures.id, [...ids, foreign?.id ?? '']));
    expect(remaining).toEqual([{ ref: 'cus_elsewhere' }]);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes } from '../src/db/schema/index.js';
import { backends, signUp, startServer, type TestServer } from './helpers.js';

describe.each(backends)('storage (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  it('answers /api/ready with the backend in use', async () => {
    const res = await server.client().get('/api/ready');
    expect(res.body).toEqual({ status: 'ready', storage: backend });
  });

  it('serialises read-modify-write transactions with SELECT ... FOR UPDATE', async () => {
    const { user } = await signUp(server);
    const { db } = server.storage;
    await db
      .insert(emailCodes)
      .values({ userId: user.id, codeHash: 'x', expiresAt: new Date(Date.now() + 60_000) });
    const increment = () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailCodes)
          .where(eq(emailCodes.userId, user.id))
          .for('update');
        await tx.execute(sql`select pg_sleep(0.01)`);
        await tx
          .update(emailCodes)
          .set({ attempts: (row?.attempts ?? 0) + 1 })
          .where(eq(emailCodes.userId, user.id));
      });
    await Promise.all(Array.from({ length: 8 }, increment));
    const [row] = await db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(row?.attempts).toBe(8);
  });

  it('rolls a failed transaction back', async () => {
    const { user } = await signUp(server);
    const { db } = server.storage;
    await db
      .insert(emailCodes)
      .values({ userId: user.id, codeHash: 'y', expiresAt: new Date(Date.now() + 60_000) });
    await expect(
      db.transaction(async (tx) => {
        await tx.update(emailCodes).set({ attempts: 99 }).where(eq(emailCodes.userId, user.id));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [row] = await db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(row?.attempts).toBe(0);
  });
});

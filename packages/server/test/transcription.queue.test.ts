/** The embedded queue's statements on PGlite (jobs/queue.ts). */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDb } from '../src/transcription/jobs/queue.js';

describe('pg-boss on PGlite', () => {
  const client = new PGlite();
  afterAll(() => client.close());

  it('rolls back a script that fails midway: the shared connection takes the next statement', async () => {
    const db = pgliteDb(client);
    await db.executeSql('CREATE TABLE jobs (id int PRIMARY KEY)', []);
    // As pg-boss's locked batches are sent: one string, its own BEGIN and COMMIT.
    await expect(
      db.executeSql('BEGIN; INSERT INTO jobs VALUES (1); INSERT INTO jobs VALUES (1); COMMIT;', []),
    ).rejects.toThrow(/duplicate key/);
    expect(client.isInTransaction()).toBe(false);
    // The app's next statement on the same connection runs, and nothing of the script stayed.
    expect((await client.query('SELECT count(*)::int AS n FROM jobs')).rows).toEqual([{ n: 0 }]);
    expect(
      await db.executeSql('BEGIN; INSERT INTO jobs VALUES (2); COMMIT; SELECT id FROM jobs;', []),
    ).toEqual({ rows: [{ id: 2 }] });
  });
});

import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailCodes,
  passwordResetTokens,
  realtimeTokens,
  sessions,
  transcriptionCheckpoints,
  transcriptions,
} from '../src/db/schema/index.js';
import { purgeExpired, STAGING_MAX_AGE_MS, sweepStaging } from '../src/system/housekeeping.js';
import { backends, signUp, startServer, type TestServer } from './helpers.js';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

describe.each(backends)('housekeeping (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  it("deletes expired sessions, day-old codes, spent or expired reset links and ended jobs' checkpoints, nothing else", async () => {
    const { db } = server.storage;
    const { user, api } = await signUp(server);
    await db.insert(sessions).values([
      { userId: user.id, tokenHash: `expired-${user.id}`, expiresAt: at(-HOUR) },
      { userId: user.id, tokenHash: `live-${user.id}`, expiresAt: at(HOUR) },
    ]);
    await db
      .insert(emailCodes)
      .values({ userId: user.id, codeHash: 'x', expiresAt: at(-25 * HOUR) });
    await db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: `old-${user.id}`, expiresAt: at(-HOUR) },
      { userId: user.id, tokenHash: `used-${user.id}`, expiresAt: at(HOUR), usedAt: new Date() },
      { userId: user.id, tokenHash: `open-${user.id}`, expiresAt: at(HOUR) },
    ]);
    await db.insert(realtimeTokens).values([
      { userId: user.id, tokenHash: `stale-${user.id}`, expiresAt: at(-1000) },
      { userId: user.id, tokenHash: `fresh-${user.id}`, expiresAt: at(60_000) },
    ]);
    const jobs = await db
      .insert(transcriptions)
      .values(
        (['completed', 'error', 'processing', 'queued'] as const).map((status) => ({
          userId: user.id,
          model: 'tiny.en',
          source: 'upload' as const,
          status,
        })),
      )
      .returning({ id: transcriptions.id, status: transcriptions.status });
    const checkpoint = { window: 0, position: 30, segments: [], words: [] };
    await db
      .insert(transcriptionCheckpoints)
      .values(jobs.map(({ id }) => ({ transcriptionId: id, seq: 1, checkpoint })));

    expect(await purgeExpired(db)).toEqual({
      sessions: 1,
      emailCodes: 1,
      passwordResetTokens: 2,
      realtimeTokens: 1,
      checkpoints: 2,
    });
    const kept = await db.select().from(transcriptionCheckpoints);
    expect(
      jobs.filter(({ id }) => kept.some((row) => row.transcriptionId === id)).map((j) => j.status),
    ).toEqual(['processing', 'queued']);
    const realtime = await db
      .select()
      .from(realtimeTokens)
      .where(eq(realtimeTokens.userId, user.id));
    expect(realtime.map((row) => row.tokenHash)).toEqual([`fresh-${user.id}`]);
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.tokenHash)).not.toContain(`expired-${user.id}`);
    expect(left.map((row) => row.tokenHash)).toContain(`live-${user.id}`);
    expect(await db.select().from(emailCodes).where(eq(emailCodes.userId, user.id))).toEqual([]);
    const tokens = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(tokens.map((row) => row.tokenHash)).toEqual([`open-${user.id}`]);
    // The signed-in session is untouched.
    expect((await api.get('/api/auth/me')).status).toBe(200);
  });

  it('keeps a code that expired less than a day ago, so a late attempt is told it expired', async () => {
    const { db } = server.storage;
    const { user } = await signUp(server);
    await db.insert(emailCodes).values({ userId: user.id, codeHash: 'y', expiresAt: at(-HOUR) });
    await purgeExpired(db);
    expect(await db.select().from(emailCodes).where(eq(emailCodes.userId, user.id))).toHaveLength(
      1,
    );
  });
});

describe('sweepStaging', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parlance-staging-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('removes staged files left longer than the limit and keeps fresh ones and folders', async () => {
    const stale = new Date(Date.now() - STAGING_MAX_AGE_MS - HOUR);
    await writeFile(join(dir, 'crashed-upload'), 'audio');
    await utimes(join(dir, 'crashed-upload'), stale, stale);
    await writeFile(join(dir, 'uploading-now'), 'audio');
    await mkdir(join(dir, 'folder'));
    await utimes(join(dir, 'folder'), stale, stale);

    expect(await sweepStaging(dir)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['folder', 'uploading-now']);
  });

  it('does nothing when the folder does not exist yet', async () => {
    expect(await sweepStaging(join(dir, 'missing'))).toBe(0);
  });
});

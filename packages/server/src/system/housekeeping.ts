import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, isNotNull, lt, notExists, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/index.js';
import { EXPIRED_CODE_KEPT_MS } from '../auth/codes.js';
import {
  emailCodes,
  passwordResetTokens,
  realtimeTokens,
  sessions,
  transcriptionCheckpoints,
  transcriptions,
} from '../db/schema/index.js';
import { blobDirIn, stagingDirIn } from '../transcription/blobs/blobStore.js';

const HOUR = 3_600_000;
/** Staged audio older than this belongs to no live request or job: a crash left it behind. */
export const STAGING_MAX_AGE_MS = 24 * HOUR;

export interface Purged {
  sessions: number;
  emailCodes: number;
  passwordResetTokens: number;
  realtimeTokens: number;
  /** Checkpoints of jobs that have ended (no run will take them up). */
  checkpoints: number;
}

/**
 * Deletes expired sessions, stale verification codes, spent or expired reset links, unused
 * live-stream tokens past their minute and the checkpoints of jobs that have ended.
 */
export async function purgeExpired(db: Database, now = new Date()): Promise<Purged> {
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const staleCodes = await db
    .delete(emailCodes)
    .where(lt(emailCodes.expiresAt, new Date(now.getTime() - EXPIRED_CODE_KEPT_MS)))
    .returning({ id: emailCodes.userId });
  const spentTokens = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  const unusedRealtime = await db
    .delete(realtimeTokens)
    .where(lt(realtimeTokens.expiresAt, now))
    .returning({ id: realtimeTokens.tokenHash });
  const running = db
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.id, transcriptionCheckpoints.transcriptionId),
        inArray(transcriptions.status, ['queued', 'processing']),
      ),
    );
  const endedCheckpoints = await db
    .delete(transcriptionCheckpoints)
    .where(notExists(running))
    .returning({ id: transcriptionCheckpoints.transcriptionId });
  return {
    sessions: expiredSessions.length,
    emailCodes: staleCodes.length,
    passwordResetTokens: spentTokens.length,
    realtimeTokens: unusedRealtime.length,
    checkpoints: endedCheckpoints.length,
  };
}

/** Removes files in the staging folder untouched for STAGING_MAX_AGE_MS; answers how many. */
export async function sweepStaging(dir: string, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > STAGING_MAX_AGE_MS) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Housekeeping at start and then hourly in every API process (the deletes are idempotent):
 * expired credentials go, audio a crash left in the blob store's staging folder is removed, and
 * erasures a deleted account left pending (audio, payment customer) are tried again.
 */
export const housekeeping: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.storage;
  const staging = stagingDirIn(blobDirIn(app.config.dataDir));
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = (async () => {
      try {
        const purged = await purgeExpired(db);
        const stagedFiles = await sweepStaging(staging);
        const erasures = await app.services.erasures.run();
        app.log.info({ ...purged, stagedFiles, erasures }, 'housekeeping done');
      } catch (err) {
        app.log.error({ err }, 'housekeeping failed');
      }
    })();
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};

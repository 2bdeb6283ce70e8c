import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { rowsOf, type Database } from '../db/index.js';
import { transcriptions, users } from '../db/schema/index.js';
import type { TranscriptionRow } from '../db/schema/transcription.js';
import type { Erasures } from '../system/erasures.js';
import { forgetUsageFiles } from './jobs/usageEntries.js';

/**
 * Retention: how long a transcript's audio, and the transcript, are kept once its job has ended
 * (completed or failed). The request's `delete_audio_after` / `delete_after` (seconds) and the
 * account's `keepAudioDays` / `keepTranscriptsDays` each set a limit; the soonest applies, and
 * audio never outlives its transcript. An account's limits apply to the transcripts it already has
 * as soon as they are set. Written once, in SQL: the sweeper deletes by these deadlines and the
 * API reports them.
 */
const DAY_SECONDS = 86_400;
/**
 * Rows per statement of a sweep; a sweep goes on while batches come back full, for at most
 * SWEEP_BATCHES of each kind (the next sweep goes on from there), so one sweep stays short.
 */
const SWEEP_BATCH = 500;
const SWEEP_BATCHES = 10;

const ended = sql`${transcriptions.completedAt} is not null and ${transcriptions.status} in ('completed', 'error')`;
const after = (seconds: SQL) =>
  sql`${transcriptions.completedAt} + make_interval(secs => ${seconds})`;
/** PostgreSQL's `least` skips nulls: null only when nothing sets a limit. */
const transcriptSeconds = sql`least(${transcriptions.deleteAfterSeconds}, ${users.keepTranscriptsDays} * ${DAY_SECONDS})`;
/**
 * A job that ended as an error (failed or cancelled) before its redact_pii_audio copy was made
 * holds the audio in clear, which is never served: it goes at once (the next sweep, within
 * RETENTION_SWEEP_SECONDS).
 */
const unredacted = sql`${transcriptions.status} = 'error' and coalesce((${transcriptions.redaction} ->> 'audio')::boolean, false)`;
const audioSeconds = sql`case when ${unredacted} then 0 else least(${transcriptions.deleteAudioAfterSeconds}, ${users.keepAudioDays} * ${DAY_SECONDS}, ${transcriptSeconds}) end`;
/** When the transcript is deleted; null while it runs or when kept until deleted by hand. */
const deleteAt = sql<Date | null>`case when ${ended} then ${after(transcriptSeconds)} end`.mapWith(
  transcriptions.completedAt,
);
/**
 * When the audio is deleted; null while the job runs, once deleted, or when nothing sets a limit.
 * A query selecting it joins the transcript's user (whose retention it reads).
 */
export const audioDeleteAt =
  sql<Date | null>`case when ${ended} and ${transcriptions.blobKey} is not null then ${after(audioSeconds)} end`.mapWith(
    transcriptions.completedAt,
  );

export interface Deadlines {
  audioDeleteAt: Date | null;
  deleteAt: Date | null;
}

/** Whether a job is still queued or running (it has no deadlines yet, and needs its audio). */
export const isRunning = (status: TranscriptionRow['status']) =>
  status === 'queued' || status === 'processing';

/**
 * The transcript's retention deadlines as they stand now (its account's limits may change). A job
 * not yet ended has none, so a transcript polled while it runs costs no query for them.
 */
export async function deadlinesOf(
  db: Database,
  transcript: Pick<TranscriptionRow, 'id' | 'status'>,
): Promise<Deadlines> {
  if (isRunning(transcript.status)) return { audioDeleteAt: null, deleteAt: null };
  const [row] = await db
    .select({ audioDeleteAt, deleteAt })
    .from(transcriptions)
    .innerJoin(users, eq(users.id, transcriptions.userId))
    .where(eq(transcriptions.id, transcript.id));
  return { audioDeleteAt: row?.audioDeleteAt ?? null, deleteAt: row?.deleteAt ?? null };
}

/**
 * Takes the audio of the transcripts `which` selects off them (`audio_deleted_at` set), recording
 * each blob's erasure in the same transaction, then erases: a blob store that is down only delays
 * it (housekeeping retries). A sweep skips rows another transaction holds (another process's sweep
 * takes them); a user's delete waits for them.
 */
async function dropAudio(
  db: Database,
  erasures: Erasures,
  which: SQL,
  limit: number,
  locked: 'skip' | 'wait',
) {
  const { ids, erasing } = await db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      select ${transcriptions.id} as id, ${transcriptions.blobKey} as blob_key
      from ${transcriptions} join ${users} on ${users.id} = ${transcriptions.userId}
      where ${transcriptions.blobKey} is not null and ${which}
      limit ${limit} for update of ${transcriptions} ${locked === 'skip' ? sql`skip locked` : sql``}`);
    const rows = rowsOf<{ id: string; blob_key: string }>(due);
    if (rows.length === 0) return { ids: [] as string[], erasing: [] as string[] };
    const ids = rows.map((row) => row.id);
    await tx
      .update(transcriptions)
      .set({ blobKey: null, audioDeletedAt: sql`now()` })
      .where(inArray(transcriptions.id, ids));
    const keys = rows.map((row) => row.blob_key);
    return { ids, erasing: await erasures.recordItems(tx, 'blob', keys) };
  });
  await erasures.run(erasing);
  return ids;
}

/** Deletes the transcripts past their deadline, and their audio, as `dropAudio` does. */
async function dropTranscripts(db: Database, erasures: Erasures, limit: number) {
  const { count, erasing } = await db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      select ${transcriptions.id} as id
      from ${transcriptions} join ${users} on ${users.id} = ${transcriptions.userId}
      where ${deleteAt} <= now()
      limit ${limit} for update of ${transcriptions} skip locked`);
    const ids = rowsOf<{ id: string }>(due).map((row) => row.id);
    if (ids.length === 0) return { count: 0, erasing: [] as string[] };
    const gone = await tx
      .delete(transcriptions)
      .where(inArray(transcriptions.id, ids))
      .returning({ key: transcriptions.blobKey });
    await forgetUsageFiles(tx, ids);
    const keys = gone.flatMap(({ key }) => (key ? [key] : []));
    return { count: gone.length, erasing: await erasures.recordItems(tx, 'blob', keys) };
  });
  await erasures.run(erasing);
  return count;
}

/**
 * Deletes the transcripts and the audio past their retention deadline, up to SWEEP_BATCHES
 * batches of each; answers how many.
 */
export async function sweepRetention(
  db: Database,
  erasures: Erasures,
  batch = SWEEP_BATCH,
): Promise<{ transcripts: number; audio: number }> {
  const swept = { transcripts: 0, audio: 0 };
  for (let n = 0; n < SWEEP_BATCHES; n++) {
    const count = await dropTranscripts(db, erasures, batch);
    swept.transcripts += count;
    if (count < batch) break;
  }
  for (let n = 0; n < SWEEP_BATCHES; n++) {
    const due = sql`${audioDeleteAt} <= now()`;
    const count = (await dropAudio(db, erasures, due, batch, 'skip')).length;
    swept.audio += count;
    if (count < batch) break;
  }
  return swept;
}

/**
 * `DELETE /v1/transcript/{id}/audio`: the user's ended transcript keeps its text and loses its
 * audio (waiting for a transaction that holds the row). Answers the row as it then stands (a job
 * still queued or running keeps the audio it needs), or undefined when the user has no such
 * transcript.
 */
export async function deleteAudioOf(
  db: Database,
  erasures: Erasures,
  userId: string,
  id: string,
): Promise<Pick<TranscriptionRow, 'source' | 'status' | 'blobKey'> | undefined> {
  const mine = and(eq(transcriptions.userId, userId), eq(transcriptions.id, id));
  const read = async () => {
    const [row] = await db
      .select({
        source: transcriptions.source,
        status: transcriptions.status,
        blobKey: transcriptions.blobKey,
      })
      .from(transcriptions)
      .where(mine);
    return row;
  };
  const row = await read();
  // An ended job stays ended: once seen so, its audio is taken (or the row is gone meanwhile).
  if (!row || row.blobKey === null || isRunning(row.status)) return row;
  await dropAudio(db, erasures, sql`${mine} and ${ended}`, 1, 'wait');
  return read();
}

/**
 * Sweeps at start and then every RETENTION_SWEEP_SECONDS (a minute) in every API process, so
 * deletion comes within that of its deadline; two processes' sweeps skip each other's rows.
 * Resumable uploads past their expiry go in the same sweep.
 */
export const retention: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.storage;
  let sweeping: Promise<void> | undefined;
  const run = () => {
    if (sweeping) return; // a slow sweep: never two at once from one process
    sweeping = sweepRetention(db, app.services.erasures)
      .then(async (swept) => {
        const uploads = await app.services.uploads.sweep();
        if (swept.transcripts + swept.audio + uploads > 0)
          app.log.info({ ...swept, uploads }, 'retention: deleted');
      })
      .catch((err: unknown) => app.log.error({ err }, 'retention sweep failed'))
      .finally(() => (sweeping = undefined));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, app.config.transcription.retentionSweepSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
};

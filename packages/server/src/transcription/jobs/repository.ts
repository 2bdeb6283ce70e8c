import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/index.js';
import {
  transcriptions,
  type NewTranscription,
  type TranscriptResult,
  type TranscriptionRow,
} from '../../db/schema/transcription.js';
import type { TranscriptListQuery } from '../../contract/transcription.js';

type Db = Database | Transaction;

/** Inserts a job; with an idempotency key already used by this user, returns that job instead. */
export async function insertTranscription(
  db: Db,
  values: NewTranscription,
): Promise<{ row: TranscriptionRow; created: boolean }> {
  const [row] = await db.insert(transcriptions).values(values).onConflictDoNothing().returning();
  if (row) return { row, created: true };
  const existing = values.idempotencyKey
    ? await findByIdempotencyKey(db, values.userId, values.idempotencyKey)
    : undefined;
  if (!existing) throw new Error('transcription insert returned no row');
  return { row: existing, created: false };
}

export async function findByIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), eq(transcriptions.idempotencyKey, key)));
  return row;
}

export async function findTranscription(
  db: Db,
  userId: string,
  id: string,
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), eq(transcriptions.id, id)));
  return row;
}

export async function findTranscriptionById(
  db: Db,
  id: string,
): Promise<TranscriptionRow | undefined> {
  const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
  return row;
}

/** Model and duration of the user's jobs not yet finished (their cost is not booked yet). */
export function unfinishedJobs(
  db: Db,
  userId: string,
): Promise<{ model: string; seconds: number | null }[]> {
  return db
    .select({ model: transcriptions.model, seconds: transcriptions.audioDurationSeconds })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.userId, userId),
        inArray(transcriptions.status, ['queued', 'processing']),
      ),
    );
}

/** Jobs of any user queued before this one. */
export async function queuePosition(db: Db, row: TranscriptionRow): Promise<number> {
  const [result] = await db
    .select({ n: count() })
    .from(transcriptions)
    .where(and(eq(transcriptions.status, 'queued'), lt(transcriptions.createdAt, row.createdAt)));
  return result?.n ?? 0;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listTranscriptions(
  db: Db,
  userId: string,
  query: TranscriptListQuery,
): Promise<{ rows: TranscriptionRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [eq(transcriptions.userId, userId)];
  if (query.status) filters.push(eq(transcriptions.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(
      or(
        ilike(transcriptions.fileName, pattern),
        ilike(transcriptions.audioUrl, pattern),
        sql`${transcriptions.result}->>'text' ilike ${pattern}`,
      ),
    );
  }
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(transcriptions)
      .where(where)
      .orderBy(desc(transcriptions.createdAt), desc(transcriptions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(transcriptions).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function deleteTranscription(
  db: Db,
  userId: string,
  id: string,
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .delete(transcriptions)
    .where(and(eq(transcriptions.userId, userId), eq(transcriptions.id, id)))
    .returning();
  return row;
}

/**
 * Takes the job for one worker: a queued job, or a processing one whose lease ran out
 * (its worker died). Row-locked with SKIP LOCKED so two workers never both take it.
 */
export async function claimTranscription(
  db: Db,
  id: string,
  leaseToken: string,
  leaseSeconds: number,
): Promise<TranscriptionRow | undefined> {
  const rows = await db.execute<{ id: string }>(sql`
    update ${transcriptions}
    set status = 'processing',
        lease_token = ${leaseToken},
        lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
        attempts = attempts + 1,
        started_at = coalesce(started_at, now()),
        progress_stage = 'starting'
    where id = (
      select id from ${transcriptions}
      where id = ${id}
        and (status = 'queued' or (status = 'processing' and lease_expires_at < now()))
      for update skip locked
    )
    returning id`);
  return rowsOf(rows).length > 0 ? findTranscriptionById(db, id) : undefined;
}

/** drizzle's execute() answers `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const held = (id: string, leaseToken: string) =>
  and(
    eq(transcriptions.id, id),
    eq(transcriptions.leaseToken, leaseToken),
    eq(transcriptions.status, 'processing'),
  );

/** Renews the lease and records progress; false when this worker no longer holds the job. */
export async function heartbeat(
  db: Db,
  id: string,
  leaseToken: string,
  leaseSeconds: number,
  progress?: { percent: number; stage: string },
): Promise<boolean> {
  const rows = await db
    .update(transcriptions)
    .set({
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      ...(progress && { progressPercent: progress.percent, progressStage: progress.stage }),
    })
    .where(held(id, leaseToken))
    .returning({ id: transcriptions.id });
  return rows.length > 0;
}

/** Marks the job completed if this worker still holds it; undefined otherwise. */
export async function completeTranscription(
  db: Db,
  id: string,
  leaseToken: string,
  fields: { result: TranscriptResult; audioDurationSeconds: number; costCents: number },
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .update(transcriptions)
    .set({
      ...fields,
      status: 'completed',
      progressPercent: 100,
      progressStage: 'done',
      leaseToken: null,
      leaseExpiresAt: null,
      completedAt: sql`now()`,
    })
    .where(held(id, leaseToken))
    .returning();
  return row;
}

/** Marks the job failed (never charged) if this worker still holds it. */
export async function failTranscription(
  db: Db,
  id: string,
  leaseToken: string,
  message: string,
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .update(transcriptions)
    .set({
      status: 'error',
      errorMessage: message,
      leaseToken: null,
      leaseExpiresAt: null,
      completedAt: sql`now()`,
    })
    .where(held(id, leaseToken))
    .returning();
  return row;
}

/** Hands the job back to the queue (a transient failure, to be retried). */
export async function releaseTranscription(db: Db, id: string, leaseToken: string): Promise<void> {
  await db
    .update(transcriptions)
    .set({ status: 'queued', leaseToken: null, leaseExpiresAt: null, progressStage: 'queued' })
    .where(held(id, leaseToken));
}

import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { sentWith } from '../../apiKeys/sender.js';
import { rowsOf, type Database, type Transaction } from '../../db/index.js';
import { apiKeys, users } from '../../db/schema/auth.js';
import {
  transcriptionCheckpoints,
  transcriptions,
  type NewTranscription,
  type TranscriptResult,
  type TranscriptionRow,
} from '../../db/schema/transcription.js';
import type { TranscriptListQuery } from '@parlance/contract';
import { DomainError } from '../../domainErrors.js';
import type { Checkpoint } from '../engine/protocol.js';
import type { Erasures } from '../../system/erasures.js';
import { audioDeleteAt } from '../retention.js';
import { forgetUsageFiles } from './usageEntries.js';

type Db = Database | Transaction;

/** Inserts a job; with an idempotency key already used by this user, returns that job instead. */
export async function insertTranscription(
  db: Db,
  values: NewTranscription,
): Promise<{ row: TranscriptionRow; created: boolean }> {
  const [row] = await db
    .insert(transcriptions)
    .values({ ...values, ...sentWith(values.apiKeyId ?? null) })
    .onConflictDoNothing()
    .returning();
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

/** Where one of the user's transcripts keeps its audio; undefined when it is not theirs. */
export async function findAudio(
  db: Db,
  userId: string,
  id: string,
): Promise<
  | Pick<
      TranscriptionRow,
      'id' | 'source' | 'blobKey' | 'fileName' | 'audioDeletedAt' | 'status' | 'redaction'
    >
  | undefined
> {
  const [row] = await db
    .select({
      id: transcriptions.id,
      status: transcriptions.status,
      redaction: transcriptions.redaction,
      source: transcriptions.source,
      blobKey: transcriptions.blobKey,
      fileName: transcriptions.fileName,
      audioDeletedAt: transcriptions.audioDeletedAt,
    })
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), eq(transcriptions.id, id)));
  return row;
}

/** Sets the names of a completed transcript's speakers; undefined when it is not the user's. */
export async function nameSpeakers(
  db: Db,
  userId: string,
  id: string,
  names: Record<string, string>,
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .update(transcriptions)
    .set({ speakerNames: names })
    .where(
      and(
        eq(transcriptions.userId, userId),
        eq(transcriptions.id, id),
        eq(transcriptions.status, 'completed'),
      ),
    )
    .returning();
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
): Promise<{ id: string; model: string; seconds: number | null; apiKeyId: string | null }[]> {
  return db
    .select({
      id: transcriptions.id,
      model: transcriptions.model,
      // What it will be billed for: each channel, when they are transcribed apart.
      seconds: sql<
        number | null
      >`${transcriptions.audioDurationSeconds} * coalesce(${transcriptions.audioChannels}, 1)`,
      apiKeyId: transcriptions.apiKeyId,
    })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.userId, userId),
        inArray(transcriptions.status, ['queued', 'processing']),
      ),
    );
}

/**
 * Jobs that will start before this one: the account's own earlier queued jobs, and of every
 * other account only as many earlier jobs as it has free running slots (the rest wait for
 * that account's own jobs, not in front of this one).
 */
export async function queuePosition(
  db: Db,
  row: TranscriptionRow,
  maxRunning: number,
): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select q.user_id, row_number() over (partition by q.user_id order by q.created_at, q.id) as k
      from ${transcriptions} q
      where q.status = 'queued' and q.created_at < ${row.createdAt}
    ) ahead
    where ahead.user_id = ${row.userId}
       or ahead.k <= ${maxRunning} - ${runningOf(sql`ahead.user_id`)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a list shows of each row (present.ts's `toSummary`), and nothing more: never the
 * transcript itself, which runs to megabytes for a long recording.
 */
const summaryColumns = {
  id: transcriptions.id,
  audioUrl: transcriptions.audioUrl,
  fileName: transcriptions.fileName,
  source: transcriptions.source,
  createdAt: transcriptions.createdAt,
  status: transcriptions.status,
  audioDurationSeconds: transcriptions.audioDurationSeconds,
  model: transcriptions.model,
  language: transcriptions.language,
  costMicros: transcriptions.costMicros,
  progressPercent: transcriptions.progressPercent,
  progressStage: transcriptions.progressStage,
  notice: sql<string | null>`${transcriptions.result}->>'notice'`,
  audioDeleteAt,
  audioDeletedAt: transcriptions.audioDeletedAt,
  apiKeyId: transcriptions.apiKeyId,
  keyName: apiKeys.name,
  apiKeyName: transcriptions.apiKeyName,
};
/** The key that sent each row, for its sender's name today (summaryColumns' `keyName`). */
const withKey = and(
  eq(apiKeys.id, transcriptions.apiKeyId),
  eq(apiKeys.userId, transcriptions.userId),
);
/** The user whose retention each row's audio deadline reads (summaryColumns' `audioDeleteAt`). */
const withUser = eq(users.id, transcriptions.userId);
export type TranscriptionSummaryRow = Pick<
  TranscriptionRow,
  Exclude<keyof typeof summaryColumns, 'notice' | 'keyName' | 'audioDeleteAt'>
> & { notice: string | null; keyName: string | null; audioDeleteAt: Date | null };

export async function listTranscriptions(
  db: Db,
  userId: string,
  query: TranscriptListQuery,
): Promise<{ rows: TranscriptionSummaryRow[]; total: number }> {
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
      .select(summaryColumns)
      .from(transcriptions)
      .innerJoin(users, withUser)
      .leftJoin(apiKeys, withKey)
      .where(where)
      .orderBy(desc(transcriptions.createdAt), desc(transcriptions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(transcriptions).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export interface TranscriptPageFilter {
  limit: number;
  status?: TranscriptionRow['status'];
  createdAfter?: Date;
  createdBefore?: Date;
  /** The last row of the page before, as `pageCursor` wrote it. */
  cursor?: string;
}

/**
 * A row's place in the newest-first order, opaque to clients: its creation time in whole
 * microseconds since the epoch (the column's precision, which a JavaScript Date would round away)
 * and its id.
 */
const createdMicros = sql<string>`(extract(epoch from ${transcriptions.createdAt}) * 1000000)::bigint::text`;
const pageCursor = (micros: string, id: string) =>
  Buffer.from(`${micros} ${id}`).toString('base64url');

function fromCursor(cursor: string): { micros: string; id: string } {
  const [micros = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split(' ');
  if (
    !/^\d{1,17}$/.test(micros) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
  )
    throw new DomainError('invalid_cursor', 'The cursor is not one this API gave out');
  return { micros, id };
}

/**
 * A page of the user's transcriptions, newest first, after `cursor`: keyset paging, so a page
 * neither skips nor repeats rows when new ones arrive. `nextCursor` is null on the last page.
 */
export async function pageTranscriptions(
  db: Db,
  userId: string,
  filter: TranscriptPageFilter,
): Promise<{ rows: TranscriptionSummaryRow[]; nextCursor: string | null }> {
  const filters: (SQL | undefined)[] = [eq(transcriptions.userId, userId)];
  if (filter.status) filters.push(eq(transcriptions.status, filter.status));
  if (filter.createdAfter) filters.push(gt(transcriptions.createdAt, filter.createdAfter));
  if (filter.createdBefore) filters.push(lt(transcriptions.createdAt, filter.createdBefore));
  if (filter.cursor) {
    const last = fromCursor(filter.cursor);
    filters.push(
      sql`(${transcriptions.createdAt}, ${transcriptions.id}) < (timestamptz 'epoch' + ${last.micros}::bigint * interval '1 microsecond', ${last.id}::uuid)`,
    );
  }
  const found = await db
    .select({ row: summaryColumns, micros: createdMicros })
    .from(transcriptions)
    .innerJoin(users, withUser)
    .leftJoin(apiKeys, withKey)
    .where(and(...filters))
    .orderBy(desc(transcriptions.createdAt), desc(transcriptions.id))
    .limit(filter.limit + 1);
  const page = found.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ row }) => row),
    nextCursor: found.length > filter.limit && last ? pageCursor(last.micros, last.row.id) : null,
  };
}

/**
 * Deletes the user's transcript, unless it is still running and would go on unbilled: a live
 * stream (`'live'`), or a job whose text a streamed answer has begun to send (`'streamed'`, which
 * is paid for once it completes). Nothing is deleted then.
 */
export async function deleteTranscription(
  db: Db,
  userId: string,
  id: string,
): Promise<TranscriptionRow | 'live' | 'streamed' | undefined> {
  const mine = and(eq(transcriptions.userId, userId), eq(transcriptions.id, id));
  const running = or(
    and(eq(transcriptions.source, 'live'), eq(transcriptions.status, 'processing')),
    and(
      isNotNull(transcriptions.textStreamedAt),
      inArray(transcriptions.status, ['queued', 'processing']),
    ),
  );
  const [row] = await db
    .delete(transcriptions)
    .where(and(mine, sql`not (${running})`))
    .returning();
  if (row) {
    await forgetUsageFiles(db, [row.id]);
    return row;
  }
  const [kept] = await db
    .select({ source: transcriptions.source })
    .from(transcriptions)
    .where(and(mine, running));
  if (!kept) return undefined;
  return kept.source === 'live' ? 'live' : 'streamed';
}

/**
 * Deletes the user's transcript as `deleteTranscription` does; its audio's erasure is recorded with
 * the delete, so a store that is down only delays it, then run.
 */
export async function deleteTranscriptionAndAudio(
  db: Database,
  erasures: Erasures,
  userId: string,
  id: string,
): Promise<TranscriptionRow | 'live' | 'streamed' | undefined> {
  const { row, erasing } = await db.transaction(async (tx) => {
    const deleted = await deleteTranscription(tx, userId, id);
    const key = typeof deleted === 'object' ? deleted.blobKey : null;
    return { row: deleted, erasing: key ? await erasures.recordItems(tx, 'blob', [key]) : [] };
  });
  await erasures.run(erasing);
  return row;
}

/** Where every one of the user's jobs keeps its audio in the blob store. */
export async function blobKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: transcriptions.blobKey })
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), isNotNull(transcriptions.blobKey)));
  return rows.flatMap(({ key }) => (key ? [key] : []));
}

/** A job that ends as an error: never charged, holding no lease (so no credit or slot either). */
const endedAsError = (message: string, stage: 'failed' | 'cancelled') => ({
  status: 'error' as const,
  errorMessage: message,
  progressStage: stage,
  leaseToken: null,
  leaseExpiresAt: null,
  completedAt: sql`now()`,
});

/** A job handed back to the queue, to be claimed afresh. */
const backInQueue = () => ({
  status: 'queued' as const,
  progressStage: 'queued',
  leaseToken: null,
  leaseExpiresAt: null,
  queuedAt: sql`now()`,
});

/** Serialises claims of one account's jobs, so two workers cannot both take its last free slot. */
const CLAIM_LOCK_SPACE = 7_302_512;

/**
 * Holds the account's claim lock until the transaction ends: what is checked against its credit
 * or its running slots under it (claims, live streams' reservations) cannot be raced.
 */
export async function lockAccountJobs(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CLAIM_LOCK_SPACE}, hashtext(${userId}::text))`,
  );
}

/** The account's live streams open now, in any process (rows under a live lease). */
export async function openLiveStreams(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.userId, userId),
        eq(transcriptions.source, 'live'),
        eq(transcriptions.status, 'processing'),
        gte(transcriptions.leaseExpiresAt, sql`now()`),
      ),
    );
  return row?.n ?? 0;
}

/** Changes what a live stream's row holds (its model, or the seconds it reserves) while it is the stream's. */
export async function updateLiveStream(
  db: Db,
  id: string,
  leaseToken: string,
  fields: Partial<
    Pick<TranscriptionRow, 'model' | 'language' | 'keyterms' | 'audioDurationSeconds'>
  >,
): Promise<boolean> {
  const rows = await db
    .update(transcriptions)
    .set(fields)
    .where(held(id, leaseToken))
    .returning({ id: transcriptions.id });
  return rows.length > 0;
}

/**
 * Jobs of the account running under a live lease (a dead worker's job no longer counts). Live
 * streams hold no worker, so they take no slot (they have a limit of their own).
 */
const runningOf = (userId: SQL) => sql`(
  select count(*) from ${transcriptions} r
  where r.user_id = ${userId} and r.status = 'processing' and r.lease_expires_at >= now()
    and r.source <> 'live')`;

export type Claim =
  | { kind: 'claimed'; row: TranscriptionRow }
  /** The account already runs its share of jobs: the row stays queued, to be woken later. */
  | { kind: 'deferred' }
  /** Finished, deleted, or held by a live worker: nothing to do. */
  | { kind: 'gone' };

/**
 * Takes the job for one worker: a queued job, or a processing one whose lease ran out
 * (its worker died) — unless its account already has `maxRunning` jobs under a live lease.
 */
export async function claimTranscription(
  db: Database,
  id: string,
  leaseToken: string,
  leaseSeconds: number,
  maxRunning: number,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ userId: transcriptions.userId })
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    if (!target) return { kind: 'gone' };
    await lockAccountJobs(tx, target.userId);
    const claimable = sql`(${transcriptions.status} = 'queued' or (${transcriptions.status} = 'processing' and ${transcriptions.leaseExpiresAt} < now()))`;
    const [row] = await tx
      .update(transcriptions)
      .set({
        status: 'processing',
        leaseToken,
        leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        attempts: sql`${transcriptions.attempts} + 1`,
        startedAt: sql`coalesce(${transcriptions.startedAt}, now())`,
        progressStage: 'starting',
      })
      .where(
        and(
          eq(transcriptions.id, id),
          claimable,
          sql`${runningOf(sql`${transcriptions.userId}`)} < ${maxRunning}`,
        ),
      )
      .returning();
    if (row) return { kind: 'claimed', row };
    const [still] = await tx
      .select({ id: transcriptions.id })
      .from(transcriptions)
      .where(and(eq(transcriptions.id, id), claimable));
    return still ? { kind: 'deferred' } : { kind: 'gone' };
  });
}

/** What a live stream's transcript says when the process serving it died before it ended. */
export const LIVE_STREAM_CUT_MESSAGE =
  'The live stream was cut off: the server serving it stopped before the stream ended. Nothing was charged.';

/**
 * Processing jobs whose lease ran out (their worker died): handed back to the queue while
 * attempts remain, otherwise ended as errors, never charged. A live stream's row has no audio
 * to start again from: it ends as an error, uncharged. Either way the row no longer holds the
 * account's credit or a running slot.
 */
export async function reclaimExpiredLeases(
  db: Db,
  maxAttempts: number,
  exhaustedMessage: string,
): Promise<{
  requeued: Pick<TranscriptionRow, 'id'>[];
  failed: TranscriptionRow[];
}> {
  const expired = and(
    eq(transcriptions.status, 'processing'),
    lt(transcriptions.leaseExpiresAt, sql`now()`),
  );
  const cut = await db
    .update(transcriptions)
    .set(endedAsError(LIVE_STREAM_CUT_MESSAGE, 'failed'))
    .where(and(expired, eq(transcriptions.source, 'live')))
    .returning();
  const failed = await db
    .update(transcriptions)
    .set(endedAsError(exhaustedMessage, 'failed'))
    .where(and(expired, gte(transcriptions.attempts, maxAttempts)))
    .returning();
  const requeued = await db
    .update(transcriptions)
    .set(backInQueue())
    .where(and(expired, lt(transcriptions.attempts, maxAttempts)))
    .returning({ id: transcriptions.id });
  return { requeued, failed: [...cut, ...failed] };
}

/**
 * Queued jobs that nothing will pick up: no queue message waiting for them (pg-boss's own
 * table, state created or retry; an active one only if a worker took it within `graceSeconds`),
 * queued for longer than `graceSeconds`; of each account only as many as it has free running
 * slots, oldest first, so a large backlog is not re-sent over and over.
 */
export async function orphanedQueuedJobs(
  db: Db,
  opts: { queue: string; graceSeconds: number; maxRunning: number; userId?: string; limit: number },
): Promise<Pick<TranscriptionRow, 'id'>[]> {
  const grace = sql`now() - make_interval(secs => ${opts.graceSeconds})`;
  const result = await db.execute<{ id: string }>(sql`
    select id from (
      select t.id, t.queued_at,
        row_number() over (partition by t.user_id order by t.queued_at, t.id) as k,
        ${opts.maxRunning} - ${runningOf(sql`t.user_id`)} as free
      from ${transcriptions} t
      where t.status = 'queued'
        ${opts.userId ? sql`and t.user_id = ${opts.userId}` : sql``}
        and t.queued_at <= ${grace}
        and not exists (
          select 1 from pgboss.job j
          where j.name = ${opts.queue} and j.singleton_key = t.id::text
            and (j.state < 'active' or (j.state = 'active' and j.started_on > ${grace})))
    ) waiting
    where k <= free
    order by queued_at
    limit ${opts.limit}`);
  return rowsOf<{ id: string }>(result);
}

const held = (id: string, leaseToken: string) =>
  and(
    eq(transcriptions.id, id),
    eq(transcriptions.leaseToken, leaseToken),
    eq(transcriptions.status, 'processing'),
  );

/** A checkpoint the engine told, numbered 1, 2, … across all the job's runs. */
export interface NumberedCheckpoint {
  seq: number;
  checkpoint: Checkpoint;
}

/**
 * Renews the lease and records progress and the checkpoints told since the last heartbeat, in one
 * transaction; false (and nothing written) when this worker no longer holds the job.
 */
export async function heartbeat(
  db: Database,
  id: string,
  leaseToken: string,
  leaseSeconds: number,
  progress?: { percent: number; stage: string; partialText: string },
  checkpoints: NumberedCheckpoint[] = [],
): Promise<boolean> {
  const renew = async (tx: Db) => {
    const rows = await tx
      .update(transcriptions)
      .set({
        leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        ...(progress && {
          progressPercent: progress.percent,
          progressStage: progress.stage,
          partialText: progress.partialText || null,
        }),
      })
      .where(held(id, leaseToken))
      .returning({ id: transcriptions.id });
    if (rows.length === 0) return false;
    if (checkpoints.length > 0)
      await tx
        .insert(transcriptionCheckpoints)
        .values(
          checkpoints.map(({ seq, checkpoint }) => ({ transcriptionId: id, seq, checkpoint })),
        )
        // Written before by a heartbeat whose answer was lost.
        .onConflictDoNothing();
    return true;
  };
  return checkpoints.length > 0 ? db.transaction(renew) : renew(db);
}

/**
 * The checkpoints the job's earlier runs wrote, in order: those numbered 1, 2, … without a gap
 * (a heartbeat that failed leaves one, and what follows it cannot be taken up).
 */
export async function checkpointsOf(db: Db, id: string): Promise<Checkpoint[]> {
  const rows = await db
    .select()
    .from(transcriptionCheckpoints)
    .where(eq(transcriptionCheckpoints.transcriptionId, id))
    .orderBy(transcriptionCheckpoints.seq);
  const unbroken = rows.findIndex((row, index) => row.seq !== index + 1);
  return (unbroken === -1 ? rows : rows.slice(0, unbroken)).map((row) => row.checkpoint);
}

/** Marks the job completed if this worker still holds it; undefined otherwise. */
export async function completeTranscription(
  db: Db,
  id: string,
  leaseToken: string,
  fields: { result: TranscriptResult; audioDurationSeconds: number; costMicros: number },
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .update(transcriptions)
    .set({
      ...fields,
      status: 'completed',
      progressPercent: 100,
      progressStage: 'done',
      partialText: null,
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
    .set(endedAsError(message, 'failed'))
    .where(held(id, leaseToken))
    .returning();
  return row;
}

/**
 * Hands the job back to the queue (a transient failure, to be retried). `attemptUsed: false` gives
 * its claim back: an outage of the audio store, however long, never uses up a job's attempts.
 */
export async function releaseTranscription(
  db: Db,
  id: string,
  leaseToken: string,
  { attemptUsed }: { attemptUsed: boolean },
): Promise<void> {
  await db
    .update(transcriptions)
    .set({
      ...backInQueue(),
      ...(!attemptUsed && { attempts: sql`greatest(${transcriptions.attempts} - 1, 0)` }),
    })
    .where(held(id, leaseToken));
}

/**
 * Ends an unfinished job as an error, never charged (a client that went away), unless a streamed
 * answer has sent some of its text (markTextStreamed). A worker still on it loses its lease: its
 * next heartbeat fails and it stops.
 */
export async function cancelTranscription(
  db: Db,
  userId: string,
  id: string,
  message: string,
): Promise<TranscriptionRow | undefined> {
  const [row] = await db
    .update(transcriptions)
    .set(endedAsError(message, 'cancelled'))
    .where(
      and(
        eq(transcriptions.userId, userId),
        eq(transcriptions.id, id),
        inArray(transcriptions.status, ['queued', 'processing']),
        // Text a streamed answer sent is paid for: that job runs to the end and is charged.
        isNull(transcriptions.textStreamedAt),
      ),
    )
    .returning();
  return row;
}

/** Records that a streamed answer has begun to send the job's text (the first time only). */
export async function markTextStreamed(db: Db, id: string): Promise<void> {
  await db
    .update(transcriptions)
    .set({ textStreamedAt: sql`now()` })
    .where(and(eq(transcriptions.id, id), isNull(transcriptions.textStreamedAt)));
}

/**
 * Cancels a job whose caller went away (cancelTranscription) and frees its idempotency key in
 * the same transaction, so the caller's retry with that key starts a new job instead of
 * finding the cancelled one.
 */
export async function abandonTranscription(
  db: Database,
  userId: string,
  id: string,
  message: string,
): Promise<TranscriptionRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await cancelTranscription(tx, userId, id, message);
    if (!row?.idempotencyKey) return row;
    const [freed] = await tx
      .update(transcriptions)
      .set({ idempotencyKey: null })
      .where(eq(transcriptions.id, id))
      .returning();
    return freed;
  });
}

/**
 * Jobs waiting and running (live streams apart), and how long the one queued longest has waited
 * since it was (re)queued, in seconds (0 with none waiting): the metrics' view of the queue.
 */
export async function activeJobs(
  db: Db,
): Promise<{ queued: number; processing: number; oldestQueuedSeconds: number }> {
  const queued = sql`${transcriptions.status} = 'queued'`;
  const [row] = await db
    .select({
      queued: sql<number>`(count(*) filter (where ${queued}))::int`,
      processing: sql<number>`(count(*) filter (where ${transcriptions.status} = 'processing'))::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${transcriptions.queuedAt}) filter (where ${queued})), 0)::float8`,
    })
    .from(transcriptions)
    .where(
      and(
        inArray(transcriptions.status, ['queued', 'processing']),
        sql`${transcriptions.source} <> 'live'`,
      ),
    );
  return {
    queued: row?.queued ?? 0,
    processing: row?.processing ?? 0,
    oldestQueuedSeconds: row?.oldest ?? 0,
  };
}

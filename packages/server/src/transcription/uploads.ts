import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, link, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
} from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type DataStore } from '@tus/server';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MAX_OPEN_UPLOADS, transcriptPaths } from '@parlance/contract/endpoints';
import { rowsOf, type Database } from '../db/index.js';
import { uploads, users } from '../db/schema/index.js';
import { DomainError } from '../domainErrors.js';
import type { Erasures } from '../system/erasures.js';
import { s3Client, type S3BlobConfig } from './blobs/s3BlobStore.js';
import type { TranscriptionConfig } from './config.js';
import { formatUsd } from '../billing/money.js';
import { heldCredit } from './credit.js';
import { formatMegabytes } from './formats.js';
import { accountOnHoldMessage } from './pricing.js';
import { createUploadLocker } from './uploadLocks.js';

/** A claim this old was a submission that crashed: the upload may be taken again. */
const CLAIM_SECONDS = 3600;
/** S3 multipart parts (S3 takes 5 MiB at least, except the last). */
const S3_PART_BYTES = 8 * 1024 * 1024;
/** Expired uploads deleted per sweep. */
const SWEEP_BATCH = 500;

/** Where an upload's bytes are, and the two things done with them besides the tus protocol. */
interface UploadBytes {
  datastore: DataStore;
  /** Puts the upload's bytes at `path` (a local file the engine can read). */
  copyTo(id: string, path: string): Promise<void>;
  /** Removes the upload's bytes and its tus record; no error when they are gone already. */
  erase(id: string): Promise<void>;
}

/** DATA_DIR/uploads (one machine): an upload is linked into staging, not copied. */
function localBytes(directory: string): UploadBytes {
  const datastore = new FileStore({ directory });
  const pathOf = (id: string) => join(directory, id);
  return {
    datastore,
    async copyTo(id, path) {
      await link(pathOf(id), path).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EXDEV') throw err;
        return copyFile(pathOf(id), path); // staging on another file system
      });
    },
    async erase(id) {
      await rm(pathOf(id), { force: true });
      await rm(`${pathOf(id)}.json`, { force: true });
    },
  };
}

/** The S3 bucket of the audio (many machines): parts go up as S3 multipart uploads. */
function s3Bytes(s3: S3BlobConfig): UploadBytes {
  const client = s3Client(s3);
  const datastore = new S3Store({
    partSize: S3_PART_BYTES,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
    },
  });
  return {
    datastore,
    async copyTo(id, path) {
      await pipeline(await datastore.read(id), createWriteStream(path));
    },
    // Not the store's own remove: for a finished upload it stops at the multipart upload S3 no
    // longer has, leaving the object; this takes every multipart upload under the id, then the
    // object, its tus record and a partial part.
    async erase(id) {
      const { Uploads: open = [] } = await client.send(
        new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: id }),
      );
      for (const upload of open)
        if (upload.Key === id && upload.UploadId)
          await client.send(
            new AbortMultipartUploadCommand({
              Bucket: s3.bucket,
              Key: id,
              UploadId: upload.UploadId,
            }),
          );
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3.bucket,
          Delete: {
            Objects: [id, `${id}.info`, `${id}.part`].map((Key) => ({ Key })),
            Quiet: true,
          },
        }),
      );
    },
  };
}

export type UploadRow = typeof uploads.$inferSelect;

/** An upload a submission holds: its bytes are staged; `consume` or `release` it after. */
export interface TakenUpload {
  fileName: string | null;
  /** The job exists: the upload is deleted. */
  consume(): Promise<void>;
  /** The submission failed: the upload may be taken again. */
  release(): Promise<void>;
}

const notFound = () => new DomainError('not_found', 'Upload not found');
/** No submission holds the upload (a claim older than CLAIM_SECONDS was a crashed one). */
const unclaimed = sql`(${uploads.claimedAt} is null or ${uploads.claimedAt} < now() - make_interval(secs => ${CLAIM_SECONDS}))`;
const isClaimed = (row: UploadRow) =>
  row.claimedAt !== null && Date.now() - row.claimedAt.getTime() < CLAIM_SECONDS * 1000;

/**
 * Resumable uploads (`/v1/uploads`, the tus protocol's core, creation and termination): the tus
 * server of @tus/server over the upload store, and the `uploads` rows that say whose each one is.
 * A creation reserves its row first (`reserve`), within the account's limits; the route hands the
 * request to `tus` with the row's id. A submission with `upload_id` takes the finished upload
 * (`take`). Expired ones go in `sweep`; an account's go with it (the `upload` eraser).
 */
export function createUploads(opts: {
  db: Database;
  erasures: Erasures;
  config: TranscriptionConfig;
  dataDir: string;
  /** How long a request waits for an upload another one writes (see uploadLocks.ts). */
  lockWaitMs: number;
  /** Warns the operator (a store failing). */
  log: (message: string) => void;
}) {
  const { db, erasures, config } = opts;
  const bytes = config.s3 ? s3Bytes(config.s3) : localBytes(join(opts.dataDir, 'uploads'));
  // The protocol's core with creation and termination: no deferred length, no bytes with the
  // creation, no concatenation (the routes check the length and the account's room first).
  bytes.datastore.extensions = ['creation', 'termination'];
  /**
   * The upload each request handed to tus is about, as the route checked it: the id `reserve`
   * gave a creation, the caller's own upload otherwise. tus reads no id of its own from the URL
   * (its last part would include a query string the route never saw).
   */
  const checked = new WeakMap<object, string>();
  const idOf = (req: { runtime?: { node?: { req?: object } } }) => {
    const node = req.runtime?.node?.req;
    return node ? checked.get(node) : undefined;
  };

  const tus = new Server({
    path: transcriptPaths.uploads,
    datastore: bytes.datastore,
    relativeLocation: true,
    maxSize: config.maxResumableBytes,
    locker: createUploadLocker(db, opts.lockWaitMs),
    namingFunction: (req) => {
      const id = idOf(req);
      if (!id) throw new Error('an upload was created without a reserved row');
      return id;
    },
    getFileIdFromRequest: (req) => idOf(req),
    // The store's own failures (a full disk, S3 refusing) are logged, not told: their messages
    // name paths and buckets.
    onResponseError: (_req, err) => {
      if ('status_code' in err && err.status_code < 500) return undefined;
      opts.log(`resumable upload failed: ${err instanceof Error ? err.message : err.body}`);
      return { status_code: 500, body: 'The upload could not be stored; try again.\n' };
    },
  });

  erasures.register('upload', {
    collect: async (tx, userId) =>
      (await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, userId))).map(
        (row) => row.id,
      ),
    erase: (id) => bytes.erase(id),
  });

  /**
   * Deletes rows and their bytes (recorded as erasures first, so an outage only delays it). The
   * sweep skips rows another transaction holds; deleting one upload waits for it.
   */
  async function drop(which: SQL, limit: number, locked: 'skip' | 'wait'): Promise<number> {
    const { ids, erasing } = await db.transaction(async (tx) => {
      const due = await tx.execute(
        sql`select ${uploads.id} as id from ${uploads} where ${which} limit ${limit} for update ${locked === 'skip' ? sql`skip locked` : sql``}`,
      );
      const ids = rowsOf<{ id: string }>(due).map((row) => row.id);
      if (ids.length === 0) return { ids, erasing: [] as string[] };
      await tx.delete(uploads).where(inArray(uploads.id, ids));
      return { ids, erasing: await erasures.recordItems(tx, 'upload', ids) };
    });
    await erasures.run(erasing);
    return ids.length;
  }

  /** The user's upload `id`, unless it has expired. */
  async function find(userId: string, id: string): Promise<UploadRow | undefined> {
    const [row] = await db
      .select()
      .from(uploads)
      .where(
        and(eq(uploads.id, id), eq(uploads.userId, userId), sql`${uploads.expiresAt} > now()`),
      );
    return row;
  }

  return {
    tus,
    find,
    /** The upload (its id checked: reserved, or the caller's) a request hands tus. */
    handing(request: IncomingMessage, id: string) {
      checked.set(request, id);
    },

    /**
     * The user's unused upload, deleted (tus termination): 409 while a submission takes it.
     * Answers false when there is no such upload.
     */
    async delete(userId: string, id: string): Promise<boolean> {
      const row = await find(userId, id);
      if (!row) return false;
      if (isClaimed(row))
        throw new DomainError('upload_in_use', 'A transcription is taking this upload right now');
      return (
        (await drop(and(eq(uploads.id, id), eq(uploads.userId, userId), unclaimed)!, 1, 'wait')) > 0
      );
    },

    /** A reserved upload tus did not create (it refused the request): its row goes. */
    async unreserve(id: string): Promise<void> {
      await drop(eq(uploads.id, id), 1, 'wait');
    },

    /**
     * A row for a new upload of `size` bytes, if the account has credit to spend and its unused
     * uploads stay within MAX_OPEN_UPLOADS and, with it, total at most the size limit; answers
     * its id.
     */
    async reserve(userId: string, size: number, fileName: string | null): Promise<string> {
      const id = randomBytes(16).toString('hex');
      await db.transaction(async (tx) => {
        // One creation at a time per account, so two cannot both pass the limit.
        await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
        // Disk is lent only to an account that could pay for what it sends.
        const { balance, reserved, owed } = await heldCredit(tx, userId);
        if (owed > 0) throw new DomainError('account_on_hold', accountOnHoldMessage(owed));
        if (balance - reserved <= 0)
          throw new DomainError(
            'insufficient_credits',
            `Insufficient credits: your balance is ${formatUsd(balance)}${reserved > 0 ? `, all of it held for jobs in progress` : ''}; add credit before uploading.`,
          );
        const [open] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint`,
          })
          .from(uploads)
          .where(and(eq(uploads.userId, userId), sql`${uploads.expiresAt} > now()`));
        const count = open?.count ?? 0;
        const held = Number(open?.bytes ?? 0);
        if (count >= MAX_OPEN_UPLOADS)
          throw new DomainError(
            'upload_quota',
            `You have ${count} unused uploads, the most at once: transcribe or delete one first`,
          );
        if (held + size > config.maxResumableBytes)
          throw new DomainError(
            'upload_quota',
            `Your unused uploads hold ${formatMegabytes(held)}; with this one they would pass ${formatMegabytes(config.maxResumableBytes)}: transcribe or delete one first`,
          );
        await tx.insert(uploads).values({
          id,
          userId,
          size,
          fileName,
          expiresAt: sql`now() + make_interval(secs => ${config.uploadExpirySeconds})`,
        });
      });
      return id;
    },

    /**
     * Claims the user's finished upload `id` and puts its bytes at `stagedPath`: 404 when it is
     * not theirs or has expired, 409 while another submission holds it or bytes are missing.
     */
    async take(userId: string, id: string, stagedPath: string): Promise<TakenUpload> {
      const mine = and(eq(uploads.id, id), eq(uploads.userId, userId));
      const [row] = await db
        .update(uploads)
        .set({ claimedAt: sql`now()` })
        .where(and(mine, sql`${uploads.expiresAt} > now()`, unclaimed))
        .returning();
      if (!row) {
        const held = await find(userId, id);
        if (!held) throw notFound();
        throw new DomainError(
          'upload_in_use',
          'Another request is transcribing this upload right now',
        );
      }
      const release = async () => {
        await db.update(uploads).set({ claimedAt: null }).where(mine);
      };
      try {
        const upload = await bytes.datastore.getUpload(id).catch(() => {
          throw notFound();
        });
        if (upload.offset !== upload.size)
          throw new DomainError(
            'upload_incomplete',
            `The upload has ${upload.offset} of ${upload.size ?? row.size} bytes: send the rest first`,
            { details: { offset: upload.offset, size: upload.size ?? row.size } },
          );
        await bytes.copyTo(id, stagedPath);
      } catch (err) {
        await release();
        throw err;
      }
      return {
        fileName: row.fileName,
        consume: async () => {
          await drop(mine!, 1, 'wait');
        },
        release,
      };
    },

    /** Deletes uploads past their expiry (none a live submission holds); answers how many. */
    sweep: () => drop(sql`${uploads.expiresAt} <= now() and ${unclaimed}`, SWEEP_BATCH, 'skip'),
  };
}

export type Uploads = ReturnType<typeof createUploads>;

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '../../domainErrors.js';

/**
 * Where uploaded and downloaded audio lives until its job is deleted. Audio arrives as a
 * local file (staged under `stagingPath()`); the engine reads a local file. The local store
 * keeps files under DATA_DIR/blobs (one machine); the S3-compatible one (s3BlobStore.ts)
 * uploads in `putFile` and downloads to a temporary file in `withFile` (many machines).
 */
export interface BlobStore {
  /** A fresh path on local disk to stage incoming bytes before `putFile`. */
  stagingPath(): Promise<string>;
  /** Moves a staged file into the store under `key`. */
  putFile(key: string, stagedPath: string): Promise<void>;
  /** Runs `fn` with a local path holding the blob's bytes. */
  withFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /** The blob's size in bytes; null when it is gone. */
  size(key: string): Promise<number | null>;
  /** Bytes `start` to `end` (inclusive, within the blob) as a stream: the audio played back. */
  read(key: string, start: number, end: number): Promise<Readable>;
  /** Removes the blob; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

/**
 * The store could not be reached or answered as a store that is down (S3 down, a network fault,
 * its bucket gone): nothing is wrong with the audio, so what needed it waits and tries again. A
 * request that meets it is answered 503 `audio_store_unavailable`; `detail` is for the log.
 */
export class BlobStoreUnavailable extends DomainError {
  override name = 'BlobStoreUnavailable';
  readonly detail: string;

  constructor(action: string, cause: unknown) {
    super(
      'audio_store_unavailable',
      'The audio store cannot be reached right now; try again in a minute.',
      { retryAfterSeconds: 60 },
    );
    this.cause = cause;
    this.detail = `the audio store could not ${action}: ${(cause as Error)?.message ?? String(cause)}`;
  }
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** Keys are ours (audio/<user>/<job>), but a path never leaves its root whatever they hold. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key: ${key}`);
  return key;
}

/** Where a data folder keeps its blobs (the local store) or their local copies (S3). */
export const blobDirIn = (dataDir: string) => join(dataDir, 'blobs');

/** The staging folder of a blob directory. */
export const stagingDirIn = (blobDir: string) => join(blobDir, 'staging');

/** A fresh file name under `dir/staging`, for bytes on their way in (or out, for remote stores). */
export async function stagingPathIn(dir: string): Promise<string> {
  const staging = stagingDirIn(dir);
  await mkdir(staging, { recursive: true });
  return join(staging, randomUUID());
}

export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    stagingPath: () => stagingPathIn(root),
    async putFile(key, stagedPath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(stagedPath, target);
    },
    withFile: async (key, fn) => fn(pathOf(key)),
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    read: async (key, start, end) => createReadStream(pathOf(key), { start, end }),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

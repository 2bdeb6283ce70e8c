import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { BlobStoreUnavailable, checkKey, stagingPathIn, type BlobStore } from './blobStore.js';

export interface S3BlobConfig {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, ...); unset for AWS. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
}

/** A client of the bucket, with timeouts that tell an outage from a slow answer. */
export const s3Client = (config: S3BlobConfig) =>
  new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that drops packets is an outage within seconds, not a request hung for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });

/**
 * Creates the bucket unless it exists (the image's `bucket` command, for a new object store),
 * waiting up to `waitSeconds` for the store to answer. Says whether it created it.
 */
export async function ensureBucket(config: S3BlobConfig, waitSeconds: number): Promise<boolean> {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const deadline = Date.now() + waitSeconds * 1000;
  try {
    for (;;) {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return false;
      } catch (error) {
        if (error instanceof NotFound || (error as Error).name === 'NoSuchBucket') {
          await client.send(new CreateBucketCommand({ Bucket }));
          return true;
        }
        if (Date.now() > deadline) throw error;
        await sleep(1000);
      }
    }
  } finally {
    client.destroy();
  }
}

/** Whether S3 answered that the object is not there. */
const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  ((error as S3Failure).$metadata?.httpStatusCode === 404 &&
    (error as S3Failure).name !== 'NoSuchBucket');

interface S3Failure {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}
/** Network failures: the store (or the way to it) is down, not the request wrong. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether a failure is the store's outage, which work waits out: no answer (a network failure or
 * a timeout), an answer of 5xx or throttling, or its bucket gone (a store restarted empty). Any
 * other refusal (an object archived, access denied to it) is not waited for.
 */
function isOutage(error: unknown): boolean {
  const e = error as S3Failure;
  const status = e.$metadata?.httpStatusCode;
  if (e.name === 'NoSuchBucket' || e.$retryable) return true;
  if (status !== undefined) return status >= 500 || status === 429;
  return NETWORK_CODES.has(e.code ?? '') || e.name === 'TimeoutError';
}

/**
 * Audio in an S3-compatible bucket, so API and worker processes on different machines share
 * it. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID/…, profiles, roles).
 * Staging and the engine's working copies use `localDir` on each machine.
 */
export function createS3BlobStore(config: S3BlobConfig, localDir: string): BlobStore {
  const client = s3Client(config);
  const Bucket = config.bucket;
  /** S3 itself failing (down, unreachable, refusing) is BlobStoreUnavailable, so work waits. */
  const guarded = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isOutage(error)) throw new BlobStoreUnavailable(action, error);
      throw error;
    }
  };
  return {
    stagingPath: () => stagingPathIn(localDir),
    async putFile(key, stagedPath) {
      const { size } = await stat(stagedPath);
      await guarded('store the audio', () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: checkKey(key),
            Body: createReadStream(stagedPath),
            ContentLength: size,
          }),
        ),
      );
      await rm(stagedPath, { force: true });
    },
    async withFile(key, fn) {
      const local = await stagingPathIn(localDir);
      try {
        await guarded('fetch the audio', async () => {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
          await pipeline(object.Body as Readable, createWriteStream(local));
        });
        return await fn(local);
      } finally {
        await rm(local, { force: true });
      }
    },
    async size(key) {
      try {
        const head = await guarded('find the audio', () =>
          client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) })),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, start, end) {
      const object = await guarded('read the audio', () =>
        client.send(
          new GetObjectCommand({ Bucket, Key: checkKey(key), Range: `bytes=${start}-${end}` }),
        ),
      );
      return object.Body as Readable;
    },
    async delete(key) {
      await guarded('delete the audio', () =>
        client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) })),
      );
    },
  };
}

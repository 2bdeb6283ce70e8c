import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkKey, stagingPathIn, type BlobStore } from './blobStore.js';

export interface S3BlobConfig {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, ...); unset for AWS. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
}

/**
 * Audio in an S3-compatible bucket, so API and worker processes on different machines share
 * it. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID/…, profiles, roles).
 * Staging and the engine's working copies use `localDir` on each machine.
 */
export function createS3BlobStore(config: S3BlobConfig, localDir: string): BlobStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    stagingPath: () => stagingPathIn(localDir),
    async putFile(key, stagedPath) {
      const { size } = await stat(stagedPath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: createReadStream(stagedPath),
          ContentLength: size,
        }),
      );
      await rm(stagedPath, { force: true });
    },
    async withFile(key, fn) {
      const local = await stagingPathIn(localDir);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        await pipeline(object.Body as Readable, createWriteStream(local));
        return await fn(local);
      } finally {
        await rm(local, { force: true });
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },
    async read(key, start, end) {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: checkKey(key), Range: `bytes=${start}-${end}` }),
      );
      return object.Body as Readable;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}

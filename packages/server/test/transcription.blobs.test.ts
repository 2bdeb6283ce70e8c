/** Blob stores: local folder and S3-compatible (against s3rver, a local S3 implementation). */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobStoreUnavailable,
  createLocalBlobStore,
  type BlobStore,
} from '../src/transcription/blobs/blobStore.js';
import { createS3BlobStore, ensureBucket } from '../src/transcription/blobs/s3BlobStore.js';

let s3: S3rver;
let endpoint: string;

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: await mkdtemp(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'audio' }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
});
afterAll(() => s3?.close());

const stores: [string, (dir: string) => BlobStore][] = [
  ['local', (dir) => createLocalBlobStore(dir)],
  [
    's3',
    (dir) =>
      createS3BlobStore(
        { bucket: 'audio', region: 'us-east-1', endpoint, forcePathStyle: true },
        dir,
      ),
  ],
];

describe.each(stores)('%s blob store', (_kind, create) => {
  it('stores a staged file, hands it back as a local file, deletes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'blobs-'));
    const store = create(dir);
    const staged = await store.stagingPath();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await writeFile(staged, bytes);
    await store.putFile('audio/user-1/job-1', staged);
    expect(existsSync(staged)).toBe(false);

    const seen = await store.withFile('audio/user-1/job-1', async (path) => readFile(path));
    expect(seen.equals(bytes)).toBe(true);

    await store.delete('audio/user-1/job-1');
    // Gone is not an outage: nothing would wait for it to come back.
    const gone = await store
      .withFile('audio/user-1/job-1', async (path) => readFile(path))
      .catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(Error);
    expect(gone).not.toBeInstanceOf(BlobStoreUnavailable);
    await store.delete('audio/user-1/job-1'); // already gone: no error
  });

  it("tells a blob's size and reads any range of it (the audio played back)", async () => {
    const store = create(await mkdtemp(join(tmpdir(), 'blobs-')));
    const staged = await store.stagingPath();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await writeFile(staged, bytes);
    await store.putFile('audio/user-1/job-2', staged);

    expect(await store.size('audio/user-1/job-2')).toBe(70_000);
    expect((await buffer(await store.read('audio/user-1/job-2', 0, 69_999))).equals(bytes)).toBe(
      true,
    );
    const middle = await buffer(await store.read('audio/user-1/job-2', 1_000, 1_009));
    expect(middle.equals(bytes.subarray(1_000, 1_010))).toBe(true);
    expect((await buffer(await store.read('audio/user-1/job-2', 69_999, 69_999))).length).toBe(1);

    await store.delete('audio/user-1/job-2');
    expect(await store.size('audio/user-1/job-2')).toBeNull();
  });

  it('refuses keys that could leave the store', async () => {
    const store = create(await mkdtemp(join(tmpdir(), 'blobs-')));
    await expect(store.delete('../etc/passwd')).rejects.toThrow('invalid blob key');
    await expect(store.withFile('/abs', async () => 1)).rejects.toThrow('invalid blob key');
  });
});

describe("the image's bucket command", () => {
  it('creates a missing bucket, and leaves one that exists', async () => {
    const config = { bucket: 'made-at-start', region: 'us-east-1', endpoint, forcePathStyle: true };
    expect(await ensureBucket(config, 5)).toBe(true);
    expect(await ensureBucket(config, 5)).toBe(false);
    // The new bucket holds audio.
    const store = createS3BlobStore(config, await mkdtemp(join(tmpdir(), 'blobs-')));
    const staged = await store.stagingPath();
    await writeFile(staged, 'audio');
    await store.putFile('audio/user-1/job-3', staged);
    expect(await store.size('audio/user-1/job-3')).toBe(5);
  });

  it('waits for an object store that is not answering yet', async () => {
    const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
    // A port no store answers on yet: one a store just left.
    const first = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port } = await first.run();
    await first.close();
    const config = {
      bucket: 'late',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
    };
    const waiting = ensureBucket(config, 20);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const late = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
    await late.run();
    try {
      expect(await waiting).toBe(true);
    } finally {
      await late.close();
    }
  });
});

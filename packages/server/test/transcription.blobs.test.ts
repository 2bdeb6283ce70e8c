/** Blob stores: local folder and S3-compatible (against s3rver, a local S3 implementation). */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore, type BlobStore } from '../src/transcription/blobs/blobStore.js';
import { createS3BlobStore } from '../src/transcription/blobs/s3BlobStore.js';

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
    await expect(
      store.withFile('audio/user-1/job-1', async (path) => readFile(path)),
    ).rejects.toThrow();
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

/**
 * The product on an S3-compatible store (s3rver, a local S3 implementation): audio goes up on
 * submission, a worker fetches it, playback reads ranges of it, deleting a transcript or the
 * account removes it. With the store down, a submission is refused with 503 and keeps nothing,
 * playback says the same, a transcript deleted meanwhile loses its audio once the store is back,
 * and submissions work again.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRetention } from '../src/transcription/retention.js';
import { DEFAULT_PASSWORD, type TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
} from './transcription-helpers.js';

const BUCKET = 'parlance-audio';
let store: S3rver;
let directory: string;
let port: number;
let server: TestServer;

const startStore = async (at = 0) => {
  store = new S3rver({
    address: '127.0.0.1',
    port: at,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  return (await store.run()).port;
};

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  port = await startStore();
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  server = await startTranscriptionServer({
    BLOB_STORE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    // The retention test sweeps when it chooses.
    RETENTION_SWEEP_SECONDS: '3600',
  });
});
afterAll(async () => {
  await server?.close();
  await store?.close();
});

/** The keys the bucket holds under `prefix`. */
async function keys(prefix: string): Promise<string[]> {
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
  });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  s3.destroy();
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe('on an S3-compatible store', () => {
  it('keeps the audio in the bucket, plays it back by range, and deletes it with its transcript', async () => {
    const who = await customer(server, 100);
    const sent = await submit(server, who, { language: 'en' }, fixture('jfk.wav'));
    expect(sent.status).toBe(202);
    const id = sent.body.id as string;
    expect(await keys(`audio/${who.userId}/`)).toEqual([`audio/${who.userId}/${id}`]);
    const done = await waitForJob(server, who, id);
    expect(done.status).toBe('completed');
    expect(done.result?.text).toMatch(/ask not what your country can do for you/i);

    const part = await fetch(`${server.url}/v1/transcript/${id}/audio`, {
      headers: { ...who.auth, range: 'bytes=0-11' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toMatch(/^RIFF....WAVE$/);

    const deleted = await server.client().request('DELETE', `/v1/transcript/${id}`, {
      headers: who.auth,
    });
    expect(deleted.status).toBe(200);
    expect(await keys(`audio/${who.userId}/`)).toEqual([]);
  }, 120_000);

  it('takes audio past its retention out of the bucket, keeping the transcript', async () => {
    const who = await customer(server, 100);
    const sent = await submit(
      server,
      who,
      { language: 'en', delete_audio_after: '0' },
      fixture('jfk.wav'),
    );
    expect((await waitForJob(server, who, sent.body.id)).status).toBe('completed');
    expect(await keys(`audio/${who.userId}/`)).toHaveLength(1);
    expect(await sweepRetention(server.storage.db, server.app.services.erasures)).toEqual({
      transcripts: 0,
      audio: 1,
    });
    expect(await keys(`audio/${who.userId}/`)).toEqual([]);
    const kept = await server.client().get(`/v1/transcript/${sent.body.id}`, { headers: who.auth });
    expect(kept.body).toMatchObject({ status: 'completed', has_audio: false });
  }, 120_000);

  it("erases a deleted account's audio from the bucket", async () => {
    const who = await customer(server, 100);
    const sent = await submit(server, who, { language: 'en' }, fixture('jfk.wav'));
    expect((await waitForJob(server, who, sent.body.id)).status).toBe('completed');
    expect(await keys(`audio/${who.userId}/`)).toHaveLength(1);
    const gone = await who.api.delete('/api/account', { password: DEFAULT_PASSWORD });
    expect(gone.status).toBe(200);
    await expect.poll(() => keys(`audio/${who.userId}/`), { timeout: 10_000 }).toEqual([]);
  }, 120_000);

  it('refuses a submission with 503 while the store is down, keeping nothing, and takes it once back', async () => {
    const who = await customer(server, 100);
    const earlier = await submit(server, who, { language: 'en' }, fixture('jfk.wav'));
    expect((await waitForJob(server, who, earlier.body.id)).status).toBe('completed');
    await store.close();
    try {
      // Its audio is out of reach for now: said so, 503, not a server error.
      const audio = await server
        .client()
        .get(`/v1/transcript/${earlier.body.id}/audio`, { headers: who.auth });
      expect([audio.status, audio.body.code]).toEqual([503, 'audio_store_unavailable']);
      const refused = await submit(server, who, { language: 'en' }, fixture('jfk.wav'));
      expect([refused.status, refused.body.code]).toEqual([503, 'audio_store_unavailable']);
      expect(refused.headers.get('retry-after')).toBe('60');
      const listed = await server.client().get('/v1/transcript', { headers: who.auth });
      expect(listed.body.transcripts.map((t: { id: string }) => t.id)).toEqual([earlier.body.id]);
      // Deleting it works now; its audio goes once the store is back.
      const deleted = await server
        .client()
        .request('DELETE', `/v1/transcript/${earlier.body.id}`, { headers: who.auth });
      expect(deleted.status).toBe(200);
    } finally {
      await startStore(port);
    }
    expect(await keys(`audio/${who.userId}/`)).toEqual([`audio/${who.userId}/${earlier.body.id}`]);
    await server.app.services.erasures.run(); // what hourly housekeeping does
    expect(await keys(`audio/${who.userId}/`)).toEqual([]);
    const sent = await submit(server, who, { language: 'en' }, fixture('jfk.wav'));
    expect(sent.status).toBe(202);
    expect((await waitForJob(server, who, sent.body.id)).status).toBe('completed');
  }, 120_000);
});

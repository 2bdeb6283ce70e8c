/**
 * Resumable uploads (/v1/uploads, the tus protocol) on both backends: an upload cut off mid-way
 * resumes from the offset the server kept and, once whole, is transcribed by its upload_id (the
 * upload then gone); only its owner reaches it; a creation needs its length within the limits and
 * the account's room; two submissions of one upload make one job; unfinished uploads are refused;
 * expired ones are swept, and an account's go with it.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_UPLOADS } from '@parlance/contract/endpoints';
import { loadConfig } from '../src/config.js';
import { uploads } from '../src/db/schema/transcription.js';
import {
  CreateBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { pythonTool } from '../scripts/pythonTools.js';
import { createUploadLocker } from '../src/transcription/uploadLocks.js';
import { backends, type TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

const TUS = { 'tus-resumable': '1.0.0' };
const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

/** A free port of this machine. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * moto's S3 server (from the test tools' Python environment) with an `uploads` bucket: it speaks
 * S3 multipart as @tus/s3-store uses it (s3rver, the other tests' S3, lacks ListParts).
 */
async function startMoto() {
  const port = await freePort();
  const child = spawn(pythonTool('moto_server'), ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'moto', AWS_SECRET_ACCESS_KEY: 'moto' });
  const client = new S3Client({ region: 'us-east-1', endpoint: url, forcePathStyle: true });
  for (let tries = 0; ; tries++) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: 'uploads' }));
      break;
    } catch (err) {
      if (tries > 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, stop: () => child.kill() };
}

const stores = [
  ...backends.map((backend) => ({ backend, s3: false })),
  { backend: 'pglite' as const, s3: true },
];
describe.each(stores)('resumable uploads ($backend, s3: $s3)', ({ backend, s3 }) => {
  let server: TestServer;
  let jfk: Buffer;
  let moto: Awaited<ReturnType<typeof startMoto>> | undefined;
  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (s3) {
      moto = await startMoto();
      env = {
        BLOB_STORE: 's3',
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: moto.url,
        S3_FORCE_PATH_STYLE: 'true',
      };
    }
    server = await startTranscriptionServer(
      {
        RETENTION_SWEEP_SECONDS: '3600',
        MAX_RESUMABLE_UPLOAD_MB: '2',
        UPLOAD_IDLE_TIMEOUT: '1',
        ...env,
      },
      { backend },
    );
    jfk = await readFile(fixture('jfk.wav'));
  });
  afterAll(async () => {
    await server?.close();
    moto?.stop();
  });

  const create = (who: Customer, size: number, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/v1/uploads`, {
      method: 'POST',
      headers: {
        ...who.auth,
        ...TUS,
        'upload-length': String(size),
        'upload-metadata': metadata('jfk.wav'),
        ...headers,
      },
    });
  /** A new upload's id (its Location's last part). */
  const created = async (who: Customer, size: number) => {
    const response = await create(who, size);
    expect(response.status).toBe(201);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/v1\/uploads\/[0-9a-f]{32}$/);
    return location.split('/').pop()!;
  };
  const patch = (who: Customer, id: string, offset: number, body: Buffer) =>
    fetch(`${server.url}/v1/uploads/${id}`, {
      method: 'PATCH',
      headers: {
        ...who.auth,
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body,
      duplex: 'half',
    } as RequestInit);
  const offsetOf = async (who: Customer, id: string) => {
    const response = await fetch(`${server.url}/v1/uploads/${id}`, {
      method: 'HEAD',
      headers: { ...who.auth, ...TUS },
    });
    return { status: response.status, offset: Number(response.headers.get('upload-offset')) };
  };
  const transcribe = (who: Customer, id: string, headers: Record<string, string> = {}) =>
    server
      .client()
      .post(
        '/v1/transcript',
        { upload_id: id, language: 'en' },
        { headers: { ...who.auth, ...headers } },
      );
  /**
   * A PATCH announcing `total` bytes that sends only `bytes`: the client then drops the connection
   * (`drop`) or leaves it open and silent (`stall`). Settles when the connection closes.
   */
  const partialPatch = (
    who: Customer,
    id: string,
    total: number,
    bytes: Buffer,
    then: 'drop' | 'stall',
  ) =>
    new Promise<void>((resolve) => {
      const request = httpRequest(`${server.url}/v1/uploads/${id}`, {
        method: 'PATCH',
        headers: {
          ...who.auth,
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(total),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(bytes, () => {
        if (then === 'drop') setTimeout(() => request.destroy(), 300);
      });
    });
  const rowOf = async (id: string) =>
    (await server.storage.db.select().from(uploads).where(eq(uploads.id, id)))[0];
  /** What of the upload's bytes the store still holds: files, objects, multipart uploads. */
  const leftOf = async (id: string): Promise<string[]> => {
    if (!moto) {
      const names = await readdir(join(server.config.dataDir, 'uploads')).catch(() => []);
      return names.filter((name) => name.startsWith(id));
    }
    const client = new S3Client({ region: 'us-east-1', endpoint: moto.url, forcePathStyle: true });
    const objects = await client.send(new ListObjectsV2Command({ Bucket: 'uploads', Prefix: id }));
    const open = await client.send(
      new ListMultipartUploadsCommand({ Bucket: 'uploads', Prefix: id }),
    );
    return [
      ...(objects.Contents ?? []).map((object) => object.Key!),
      ...(open.Uploads ?? []).map((upload) => `multipart ${upload.Key}`),
    ];
  };

  it('an upload cut off mid-way resumes from the kept offset and is transcribed by its id', async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    expect((await offsetOf(who, id)).offset).toBe(0);

    const half = Math.floor(jfk.length / 2);
    await partialPatch(who, id, jfk.length, jfk.subarray(0, half), 'drop');
    // The server keeps what reached it (all of it, or a part when the drop came first).
    let kept = 0;
    for (let tries = 0; tries < 50; tries++) {
      kept = (await offsetOf(who, id)).offset;
      if (kept > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(half);

    // Resuming from anywhere but the kept offset is refused; from it, the rest completes.
    expect((await patch(who, id, kept + 1, jfk.subarray(kept + 1))).status).toBe(409);
    const rest = await patch(who, id, kept, jfk.subarray(kept));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(jfk.length);

    const sent = await transcribe(who, id);
    expect(sent.status).toBe(202);
    const done = await waitForJob(server, who, sent.body.id);
    expect(done).toMatchObject({ status: 'completed', source: 'upload', fileName: 'jfk.wav' });
    expect(done.result?.text).toMatch(/ask not what your country can do for you/i);
    // The job has the audio; the upload is gone, bytes and all.
    expect(await rowOf(id)).toBeUndefined();
    expect((await offsetOf(who, id)).status).toBe(404);
    expect((await transcribe(who, id)).status).toBe(404);
    expect(await leftOf(id)).toEqual([]);
  });

  it('a PATCH that stalls is cut off; what arrived is kept', async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    await partialPatch(who, id, jfk.length, jfk.subarray(0, 1000), 'stall');
    expect(await offsetOf(who, id)).toMatchObject({ status: 200, offset: 1000 });
  });

  it('an upload is written by one request at a time, across processes; a dead holder lapses', async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    const { db } = server.storage;
    // Two lockers on one database: two API processes.
    const here = createUploadLocker(db, 2_000);
    const there = createUploadLocker(db, 2_000);
    const never = new AbortController().signal;
    const first = here.newLock(id);
    await first.lock(never, () => undefined);
    let second = false;
    const waiting = there
      .newLock(id)
      .lock(never, () => undefined)
      .then(() => (second = true));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(second).toBe(false);
    await first.unlock();
    await waiting;
    expect(second).toBe(true);

    // A process that died holding it: its lease lapses, and the lock is taken.
    await server.storage.db
      .update(uploads)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(uploads.id, id));
    const revived = here.newLock(id);
    await revived.lock(never, () => undefined);
    expect((await rowOf(id))?.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    await revived.unlock();

    // Within one process, a request that wants the lock asks the holder to let go.
    let asked = false;
    const holder = here.newLock(id);
    await holder.lock(never, () => {
      asked = true;
      void holder.unlock();
    });
    const next = here.newLock(id);
    await next.lock(never, () => undefined);
    expect(asked).toBe(true);
    await next.unlock();
    expect(await rowOf(id)).toMatchObject({ lockToken: null, lockedUntil: null });
  });

  it("another account's upload is not found; no key is refused", async () => {
    const owner = await customer(server, 100);
    const other = await customer(server, 100);
    const id = await created(owner, jfk.length);
    // Naming it after the caller's own upload, in a query string tus would read as the id.
    const decoy = await created(other, jfk.length);
    const smuggled = `${server.url}/v1/uploads/${decoy}?x=/${id}`;
    const head = await fetch(smuggled, { method: 'HEAD', headers: { ...other.auth, ...TUS } });
    expect(Number(head.headers.get('upload-offset'))).toBe(0);
    const written = await fetch(smuggled, {
      method: 'PATCH',
      headers: {
        ...other.auth,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: jfk.subarray(0, 100),
    });
    expect(written.status).toBe(204);
    expect((await offsetOf(owner, id)).offset).toBe(0);
    expect((await offsetOf(other, decoy)).offset).toBe(100);
    await fetch(smuggled, { method: 'DELETE', headers: { ...other.auth, ...TUS } });
    expect(await rowOf(id)).toMatchObject({ userId: owner.userId });
    expect((await offsetOf(other, id)).status).toBe(404);
    expect((await patch(other, id, 0, jfk)).status).toBe(404);
    const deleted = await fetch(`${server.url}/v1/uploads/${id}`, {
      method: 'DELETE',
      headers: { ...other.auth, ...TUS },
    });
    expect(deleted.status).toBe(404);
    const answer = await transcribe(other, id);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found', message: 'Upload not found' });
    const anonymous = await fetch(`${server.url}/v1/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);
    expect(await rowOf(id)).toMatchObject({ userId: owner.userId });
  });

  it('a creation needs its length within the limit and the room the account has', async () => {
    const who = await customer(server, 100);
    const deferred = await create(who, 0, { 'upload-length': '', 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(await deferred.json()).toMatchObject({ code: 'upload_length_required' });
    const large = await create(who, 2 * 1024 * 1024 + 1);
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({
      code: 'file_too_large',
      message: 'The file is larger than the 2 MB upload limit',
    });

    // Unused uploads hold room: bytes first, then their count.
    await created(who, 1024 * 1024);
    const past = await create(who, 1024 * 1024 + 1);
    expect(past.status).toBe(413);
    expect(await past.json()).toMatchObject({
      code: 'upload_quota',
      message:
        'Your unused uploads hold 1 MB; with this one they would pass 2 MB: transcribe or delete one first',
    });
    for (let n = 1; n < MAX_OPEN_UPLOADS; n++) await created(who, 10);
    const many = await create(who, 10);
    expect(many.status).toBe(413);
    expect(await many.json()).toMatchObject({
      message: `You have ${MAX_OPEN_UPLOADS} unused uploads, the most at once: transcribe or delete one first`,
    });
    // Deleting one (tus termination) makes room again.
    const ids = (
      await server.storage.db.select().from(uploads).where(eq(uploads.userId, who.userId))
    ).map((row) => row.id);
    const terminated = await fetch(`${server.url}/v1/uploads/${ids[0]}`, {
      method: 'DELETE',
      headers: { ...who.auth, ...TUS },
    });
    expect(terminated.status).toBe(204);
    expect(await rowOf(ids[0]!)).toBeUndefined();
    expect(await leftOf(ids[0]!)).toEqual([]);
    expect((await create(who, 10)).status).toBe(201);
  });

  it('an unfinished upload is refused; two submissions of a finished one make one job', async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    expect((await patch(who, id, 0, jfk.subarray(0, 1000))).status).toBe(204);
    const early = await transcribe(who, id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'upload_incomplete',
      message: `The upload has 1000 of ${jfk.length} bytes: send the rest first`,
    });
    expect((await patch(who, id, 1000, jfk.subarray(1000))).status).toBe(204);
    const answers = await Promise.all([transcribe(who, id), transcribe(who, id)]);
    const statuses = answers.map((answer) => answer.status).sort();
    // One takes it; the other finds it held, or (when the first was quicker) gone.
    expect(statuses[0]).toBe(202);
    expect([404, 409]).toContain(statuses[1]);
    const jobs = await server.client().get('/v1/transcript', { headers: who.auth });
    expect(jobs.body.transcripts).toHaveLength(1);
  });

  it("a crashed submission's claim lapses after an hour; a held upload cannot be deleted", async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    expect((await patch(who, id, 0, jfk)).status).toBe(204);
    expect(await leftOf(id)).not.toEqual([]);
    const claim = (ago: string) =>
      server.storage.db
        .update(uploads)
        .set({ claimedAt: sql`now() - ${ago}::interval` })
        .where(eq(uploads.id, id));
    await claim('59 minutes');
    expect(await transcribe(who, id)).toMatchObject({
      status: 409,
      body: { code: 'upload_in_use' },
    });
    const deleting = await fetch(`${server.url}/v1/uploads/${id}`, {
      method: 'DELETE',
      headers: { ...who.auth, ...TUS },
    });
    expect(deleting.status).toBe(409);
    expect(await deleting.json()).toMatchObject({ code: 'upload_in_use' });
    await claim('61 minutes');
    expect((await transcribe(who, id)).status).toBe(202);
  });

  it('a refused submission leaves the upload to try again; an account without credit uploads nothing', async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    expect((await patch(who, id, 0, jfk)).status).toBe(204);
    const refused = await server
      .client()
      .post('/v1/transcript', { upload_id: id, model: 'no-such-model' }, { headers: who.auth });
    expect(refused.status).toBe(400);
    expect(await rowOf(id)).toMatchObject({ claimedAt: null });
    expect((await offsetOf(who, id)).offset).toBe(jfk.length);
    expect((await transcribe(who, id)).status).toBe(202);

    const broke = await customer(server, 0);
    const refusedUpload = await create(broke, jfk.length);
    expect(refusedUpload.status).toBe(402);
    expect(await refusedUpload.json()).toMatchObject({
      code: 'insufficient_credits',
      message: 'Insufficient credits: your balance is $0.00; add credit before uploading.',
    });
  });

  it('a retry with the Idempotency-Key of a submission that took the upload gets its job', async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    expect((await patch(who, id, 0, jfk)).status).toBe(204);
    const key = { 'idempotency-key': `upload-${id}` };
    const first = await transcribe(who, id, key);
    expect(first.status).toBe(202);
    const again = await transcribe(who, id, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it('a creation tus refuses, or one with bytes, keeps no reservation', async () => {
    const who = await customer(server, 100);
    const withoutVersion = await fetch(`${server.url}/v1/uploads`, {
      method: 'POST',
      headers: { ...who.auth, 'upload-length': '100' },
    });
    expect(withoutVersion.status).toBe(412);
    const withBytes = await fetch(`${server.url}/v1/uploads`, {
      method: 'POST',
      headers: {
        ...who.auth,
        ...TUS,
        'upload-length': '4',
        'content-type': 'application/offset+octet-stream',
      },
      body: 'RIFF',
    });
    expect(withBytes.status).toBe(400);
    // The reservation goes as tus answers (just after its answer is sent).
    const rows = () =>
      server.storage.db.select().from(uploads).where(eq(uploads.userId, who.userId));
    await expect.poll(rows).toEqual([]);
  });

  it('expired uploads are swept, bytes and all; a deleted account takes its uploads along', async () => {
    const who = await customer(server, 100);
    const id = await created(who, jfk.length);
    expect((await patch(who, id, 0, jfk)).status).toBe(204);
    await server.storage.db
      .update(uploads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(uploads.id, id));
    expect((await offsetOf(who, id)).status).toBe(404);
    expect(await server.app.services.uploads.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeUndefined();
    expect(await leftOf(id)).toEqual([]);

    const leaving = await customer(server, 100);
    const kept = await created(leaving, jfk.length);
    expect((await patch(leaving, kept, 0, jfk)).status).toBe(204);
    await server.app.services.accounts.delete(leaving.userId);
    expect(await rowOf(kept)).toBeUndefined();
    expect(await leftOf(kept)).toEqual([]);
  });
});

it('resumable uploads take up to 5 GB and are kept 24 hours unused, unless configured', () => {
  const { transcription } = loadConfig({});
  expect(transcription.maxResumableBytes).toBe(5 * 1024 ** 3);
  expect(transcription.uploadExpirySeconds).toBe(24 * 3600);
});

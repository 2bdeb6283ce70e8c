/**
 * Separate worker processes (`src/worker.ts`, as `npm run worker` runs it) on the real
 * PostgreSQL: one is SIGKILLed mid-job; its job is taken over and goes on from where the killed
 * run had got to; every job completes once and is charged once.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { ledgerEntries } from '../src/db/schema/billing.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import { checkpointsOf } from '../src/transcription/jobs/repository.js';
import type { TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const workers: ChildProcess[] = [];
/** What the workers wrote to their standard output (their log). */
let logged = '';
let server: TestServer;
let alice: Customer;

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: server.config.databaseUrl,
      DATA_DIR: server.config.dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      logged += chunk.toString();
      if (chunk.toString().includes('worker ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

beforeAll(async () => {
  server = await startTranscriptionServer(
    {
      EMBEDDED_WORKERS: 'false',
      JOB_LEASE_SECONDS: '3',
      JOB_EXPIRE_BASE_SECONDS: '2',
      JOB_EXPIRE_PER_AUDIO_SECOND: '0.5',
      QUEUE_MAINTENANCE_SECONDS: '1',
    },
    { backend: 'postgres' },
  );
  alice = await customer(server, 100);
});
afterAll(async () => {
  for (const child of workers)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(
    workers.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null || child.signalCode !== null
            ? resolve(null)
            : child.once('exit', resolve),
        ),
    ),
  );
  await server?.close();
});

it('a worker killed mid-job: the other finishes everything from where it had got, each job completed and charged once', async () => {
  // A minute of speech (jfk six times), first in the queue: several of Whisper's 30 s passes.
  const long = join(await mkdtemp(join(tmpdir(), 'parlance-long-')), 'jfk-6.wav');
  execFileSync(
    'ffmpeg',
    ['-loglevel', 'error', '-stream_loop', '5', '-i', fixture('jfk.wav')].concat([
      '-c',
      'copy',
      long,
    ]),
  );
  const victim = await startWorker();
  const ids: string[] = [];
  for (const file of [long, fixture('jfk.wav'), fixture('jfk.wav')]) {
    const res = await submit(server, alice, { language: 'en' }, file);
    expect(res.status).toBe(202);
    ids.push(res.body.id);
  }
  const [held] = ids as [string];
  const db = server.storage.db;
  // Killed once the long job's first checkpoint is written, before its end.
  await expect
    .poll(async () => (await checkpointsOf(db, held)).at(0)?.position ?? 0, {
      timeout: 60_000,
      interval: 50,
    })
    .toBeGreaterThan(0);
  victim.kill('SIGKILL');
  const reached = (await checkpointsOf(db, held)).at(-1)!.position;
  expect(reached).toBeLessThan(66);
  await startWorker();

  for (const id of ids)
    expect((await waitForJob(server, alice, id, 120_000)).status).toBe('completed');

  const rows = await db.select().from(transcriptions).where(inArray(transcriptions.id, ids));
  const taken = rows.find((r) => r.id === held)!;
  expect(taken.attempts).toBe(2);
  // The other worker went on from the last checkpoint, and the transcript is the whole file's.
  expect(logged).toContain(`transcription ${held} taken up at ${reached} s of its audio`);
  expect(taken.audioDurationSeconds).toBeCloseTo(66, 0);
  expect(taken.result?.text.match(/fellow Americans/gi)?.length).toBeGreaterThanOrEqual(5);
  const starts = taken.result!.segments.map((segment) => segment.start);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  const usage = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.reference, ids));
  expect(usage.map((u) => u.reference).sort()).toEqual([...ids].sort());
  const charged = rows.reduce((sum, r) => sum + (r.costMicros ?? 0), 0);
  expect(await createLedger(db).balance(alice.userId)).toBe(1_000_000 - charged);
}, 180_000);

/**
 * Separate worker processes (`src/worker.ts`, as `npm run worker` runs it) on the real
 * PostgreSQL: one is SIGKILLed mid-job; its job is taken over; every job completes once and
 * is charged once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { ledgerEntries } from '../src/db/schema/billing.js';
import { transcriptions } from '../src/db/schema/transcription.js';
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

it('a worker killed mid-job: the other finishes everything, each job completed and charged once', async () => {
  const victim = await startWorker();
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await submit(server, alice, {}, fixture('jfk.wav'));
    expect(res.status).toBe(202);
    ids.push(res.body.id);
  }
  const db = server.storage.db;
  let held: string | undefined;
  await expect
    .poll(
      async () => {
        const [row] = await db
          .select()
          .from(transcriptions)
          .where(eq(transcriptions.status, 'processing'));
        held = row?.id;
        return held;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBeDefined();
  await startWorker();
  victim.kill('SIGKILL');

  for (const id of ids)
    expect((await waitForJob(server, alice, id, 120_000)).status).toBe('completed');

  const rows = await db.select().from(transcriptions).where(inArray(transcriptions.id, ids));
  expect(rows.find((r) => r.id === held)?.attempts).toBeGreaterThanOrEqual(2);
  const usage = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.reference, ids));
  expect(usage.map((u) => u.reference).sort()).toEqual([...ids].sort());
  const charged = rows.reduce((sum, r) => sum + (r.costMicros ?? 0), 0);
  expect(await createLedger(db).balance(alice.userId)).toBe(1_000_000 - charged);
}, 180_000);

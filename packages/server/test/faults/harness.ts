/**
 * Fault injection for durable jobs, shared by test/transcription.faults.test.ts and
 * scripts/bench-faults.ts. It runs the product as its users run it — `src/main.ts` and
 * `src/worker.ts` as child processes — SIGKILLs the processes that run jobs at random moments,
 * restarts them, and judges the outcome only by the public API and the database rows.
 *
 *   const report = await runFaults({ topology: { backend: 'pglite', apis: 1, workers: 0 }, ... });
 *   // report.stuck, report.lost, report.doubleCharged, report.worstTakeoverSeconds, ...
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { createLedger } from '../../src/billing/ledger.js';
import type { TranscriptList, TranscriptStatus } from '@parlance/contract';
import { openDatabase, type Database } from '../../src/db/index.js';
import { ledgerEntries } from '../../src/db/schema/billing.js';
import { transcriptions } from '../../src/db/schema/transcription.js';
import { blobDirIn, stagingDirIn } from '../../src/transcription/blobs/blobStore.js';
import {
  ApiClient,
  freshDataDir,
  signUp,
  TEST_DATABASE_URL,
  type Backend,
  type Reachable,
} from '../helpers.js';
import { audioForm, submit, type Customer } from '../transcription-helpers.js';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 20_000;
const POLL_MS = 150;
/** Beyond lease + poll: a restarted process needs this long to load, claim and report progress. */
const RESTART_ALLOWANCE_SECONDS = 45;

export { sleep };

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomSeed = () => randomBytes(4).readUInt32BE();

// ---------------------------------------------------------------------------------------------
// Processes. Each runs in its own process group (detached), so a kill takes its speech engine
// children with it instead of leaving them transcribing as orphans on a 2-core machine.

const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

// Groups not yet reaped by kill() or stop(): a run that dies must not leave servers and engines behind.
process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

/** One product process: `node --import tsx src/main.ts` (an API) or `src/worker.ts`. */
export class Service {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private ready = false;
  private readonly tail: string[] = [];
  /** An API's address, kept across restarts: the same port, so clients keep their URL. */
  url: string | undefined;
  /** Jobs it took over and where in their audio it went on from (its log says). */
  readonly takenUp: TakenUp[] = [];
  /** When it last claimed each job (its log says), in any of its lives. */
  readonly claimed = new Map<string, number>();
  /** Each time it exited without being killed or stopped (a crash), in any of its lives. */
  readonly crashes: string[] = [];
  private ending = false;

  constructor(
    readonly name: string,
    private readonly entry: 'src/main.ts' | 'src/worker.ts',
    private readonly env: Record<string, string>,
  ) {}

  /** Started, ready, and not killed since. */
  get up(): boolean {
    return this.ready;
  }

  /** The last lines it printed, for failure messages. */
  logs(): string {
    return this.tail.join('\n');
  }

  private keep(line: string): void {
    // The watch's polls would fill the tail in seconds: what a failure needs is the rest.
    if (REQUEST_LOG.test(parseLog(line))) return;
    this.tail.push(`[${this.name}] ${line}`);
    if (this.tail.length > 200) this.tail.shift();
  }

  /** Spawns the process and resolves once it serves (API) or has subscribed to the queue (worker). */
  async start(): Promise<void> {
    const port = this.url ? new URL(this.url).port : '0';
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], {
      cwd: serverDir,
      detached: true,
      env: { ...this.env, PORT: port },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.ending = false;
    live.add(child);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!this.ending) this.crashes.push(`${this.name} exited (${signal ?? code}) on its own`);
        this.ready = false;
        resolve();
      }),
    );
    const started = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        this.keep(line);
        const msg = parseLog(line);
        const claimed = CLAIMED.exec(msg);
        if (claimed) this.claimed.set(claimed[1]!, Date.now());
        const takenUp = TAKEN_UP.exec(msg);
        if (takenUp)
          this.takenUp.push({ id: takenUp[1]!, at: Number(takenUp[2]), seen: Date.now() });
        const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(msg);
        if (listening?.[1]) this.url = listening[1];
        if (listening || msg === 'worker ready') resolve();
      });
      createInterface({ input: child.stderr! }).on('line', (line) => this.keep(line));
      child.once('exit', (code, signal) =>
        reject(new Error(`${this.name} exited (${signal ?? code}) before it was ready`)),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        started,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${this.name} not ready in time`)),
            READY_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (err) {
      killGroup(child, 'SIGKILL');
      throw new Error(`${(err as Error).message}\n${this.logs()}`);
    } finally {
      clearTimeout(timer);
    }
    this.ready = true;
  }

  /** SIGKILL to the whole group (the process and its engines); resolves once the process is gone. */
  async kill(): Promise<void> {
    if (!this.child) return;
    this.ready = false;
    this.ending = true;
    killGroup(this.child, 'SIGKILL');
    await this.exited;
    live.delete(this.child);
  }

  /** SIGTERM (a clean shutdown that closes the database), then SIGKILL to whatever is left. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.ready = false;
    this.ending = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const grace = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(grace);
    killGroup(child, 'SIGKILL');
    live.delete(child);
  }
}

/** Fastify's line for each request and each answer. */
const REQUEST_LOG = /^(incoming request|request completed)$/;
/** The processor's line for each job it claims. */
const CLAIMED = /^transcription (\S+) claimed/;
/** The processor's line for a job taken over from its last checkpoint. */
const TAKEN_UP = /^transcription (\S+) taken up at ([\d.]+) s of its audio/;

export interface TakenUp {
  id: string;
  /** Seconds into the audio it went on from. */
  at: number;
  /** When the line was read (ms). */
  seen: number;
}

function parseLog(line: string): string {
  try {
    const msg = (JSON.parse(line) as { msg?: unknown }).msg;
    return typeof msg === 'string' ? msg : '';
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// A deployment: API processes and worker processes on one database and one DATA_DIR.

export interface Topology {
  backend: Backend;
  /** API processes (`src/main.ts`). */
  apis: number;
  /** `npm run worker` processes; 0 = workers run inside the API (EMBEDDED_WORKERS, as on PGlite). */
  workers: number;
}

export function describeTopology({ backend, apis, workers }: Topology): string {
  return workers === 0
    ? `${backend}, ${apis} API (embedded workers)`
    : `${backend}, ${apis} API + ${workers} workers`;
}

/** What every process gets. JOB_EXPIRE_* stay at their defaults: recovery may not lean on them. */
const BASE_ENV = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  AUTH_RATE_LIMIT_IP_MAX: '100000',
  ALLOW_PRIVATE_AUDIO_URLS: 'true',
  WORKER_CONCURRENCY: '1',
  // As in the suite's servers (startTranscriptionServer): beside another test file's engines,
  // niced engines would stall for longer than the takeover limit.
  BATCH_ENGINE_NICE: '0',
  JOB_LEASE_SECONDS: '3',
  QUEUE_POLL_SECONDS: '0.5',
};

/** Only what the processes need from ours: a fault run must not inherit a suite's settings. */
function inheritedEnv(): Record<string, string> {
  const names = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'ENGINE_PYTHON'];
  return Object.fromEntries(
    names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parlance_faults_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export class Cluster {
  private constructor(
    readonly topology: Topology,
    readonly dataDir: string,
    readonly env: Record<string, string>,
    readonly apis: Service[],
    readonly workers: Service[],
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  /** Starts the APIs, then the workers, on fresh storage. `env` overrides the defaults above. */
  static async start(topology: Topology, env: Record<string, string> = {}): Promise<Cluster> {
    if (topology.backend === 'pglite' && topology.workers > 0)
      throw new Error('PGlite is one process: its workers can only be embedded');
    const dataDir =
      topology.backend === 'pglite'
        ? await freshDataDir()
        : await mkdtemp(join(tmpdir(), 'parlance-faults-'));
    const database = topology.backend === 'postgres' ? await createDatabase() : undefined;
    const settings: Record<string, string> = {
      ...inheritedEnv(),
      ...BASE_ENV,
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-web-app'),
      EMBEDDED_WORKERS: String(topology.workers === 0),
      ...(database && { DATABASE_URL: database.url }),
      ...env,
    };
    const apis = Array.from(
      { length: topology.apis },
      (_, i) => new Service(`api${i + 1}`, 'src/main.ts', settings),
    );
    const workers = Array.from(
      { length: topology.workers },
      (_, i) => new Service(`worker${i + 1}`, 'src/worker.ts', settings),
    );
    const cluster = new Cluster(topology, dataDir, settings, apis, workers, async () => {
      await database?.drop();
    });
    try {
      // The first API migrates the database; the others would only wait on its lock.
      for (const api of apis) await api.start();
      await Promise.all(workers.map((worker) => worker.start()));
    } catch (err) {
      await cluster.destroy();
      throw err;
    }
    return cluster;
  }

  /** Every job taken over from a checkpoint so far, by any process. */
  takenUp(): TakenUp[] {
    return this.runners.flatMap((service) => service.takenUp);
  }

  /** Whether `service` claimed `id` last of all the processes that run jobs. */
  holds(service: Service, id: string): boolean {
    const at = service.claimed.get(id);
    return (
      at !== undefined &&
      this.runners.every((other) => other === service || (other.claimed.get(id) ?? 0) < at)
    );
  }

  /** Every process of the deployment: the APIs, then the workers. */
  get services(): Service[] {
    return [...this.apis, ...this.workers];
  }

  /** The processes that run jobs: the workers, or the API itself when they are embedded. */
  get runners(): Service[] {
    return this.workers.length > 0 ? this.workers : this.apis;
  }

  setting(name: string): number {
    return Number(this.env[name]);
  }

  /** API `i` (round robin), whether or not it is up right now. */
  url(i = 0): string {
    const api = this.apis[i % this.apis.length];
    if (!api?.url) throw new Error('no API has started');
    return api.url;
  }

  /** APIs answering right now (none while an embedded-worker API restarts). */
  upUrls(): string[] {
    return this.apis.flatMap((api) => (api.up && api.url ? [api.url] : []));
  }

  /** Lets `submit` and `signUp` from the shared helpers talk to API `i` over HTTP. */
  remote(i = 0): Reachable {
    const url = this.url(i);
    return { url, client: () => new ApiClient(url) };
  }

  /** The database, read with the server's own modules. PGlite is single-process: stop first. */
  async withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    if (this.topology.backend === 'pglite' && this.services.some((s) => s.up))
      throw new Error('stop the cluster before opening its PGlite database');
    const storage = await openDatabase({
      dataDir: this.dataDir,
      databaseUrl: this.env.DATABASE_URL,
    });
    try {
      return await fn(storage.db);
    } finally {
      await storage.close();
    }
  }

  /** Bytes left in the upload staging folder (DATA_DIR/blobs/staging). */
  async stagingBytes(): Promise<{ files: number; bytes: number }> {
    const dir = stagingDirIn(blobDirIn(this.dataDir));
    const names = await readdir(dir).catch(() => []);
    const sizes = await Promise.all(names.map(async (name) => (await stat(join(dir, name))).size));
    return { files: names.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
    await Promise.all(this.apis.map((api) => api.stop()));
  }

  /** Stops everything and removes the data directory and the database. */
  async destroy(): Promise<void> {
    await this.stop();
    await this.dropDatabase();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** A new account signed up over HTTP (code from the dev outbox, credit from SIGNUP_BONUS_CENTS) with an API key. */
export async function newCustomer(cluster: Cluster, i = 0): Promise<Customer> {
  const { api, user } = await signUp(cluster.remote(i));
  const key = await api.post('/api/api-keys', { name: 'faults' });
  if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
  return { api, userId: user.id, auth: { authorization: `Bearer ${key.body.secret}` } };
}

// ---------------------------------------------------------------------------------------------
// Watching jobs from outside: the dashboard's list (GET /api/transcript/user), polled per
// customer every POLL_MS on whichever API answers. Every change of a job's status or progress
// is kept with the time it was first seen.

export interface JobState {
  status: TranscriptStatus;
  stage: string | null;
  percent: number;
  /** When this state was first seen (ms). */
  since: number;
}

export const finished = (status: TranscriptStatus | undefined) =>
  status === 'completed' || status === 'error';

const sameState = (a: JobState, b: JobState) =>
  a.status === b.status && a.stage === b.stage && a.percent === b.percent;

export class JobWatch {
  /** Each job's states in the order seen; the last is the current one. */
  readonly history = new Map<string, JobState[]>();
  /** When the last complete poll ended (ms): the `since` of the states it first saw. */
  lastPoll = 0;
  private waiters: (() => void)[] = [];
  private stopped = false;
  private loop: Promise<void> | undefined;
  private turn = 0;

  constructor(
    readonly cluster: Cluster,
    private readonly customers: Customer[],
  ) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        const waiting = this.waiters;
        this.waiters = [];
        if (await this.poll()) for (const resolve of waiting) resolve();
        else this.waiters.unshift(...waiting);
        await sleep(POLL_MS);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  /** Resolves after a complete poll that began after this call. */
  next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Polls until `done()` holds; false if `timeoutMs` passed first. */
  async until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) return false;
      await this.next();
    }
    return true;
  }

  state(id: string): JobState | undefined {
    return this.history.get(id)?.at(-1);
  }

  status(id: string): TranscriptStatus | undefined {
    return this.state(id)?.status;
  }

  /** Jobs seen processing whose state changed after `after` (ms): running, not a stale row. */
  running(after: number): string[] {
    return [...this.history.keys()].filter((id) => {
      const s = this.state(id);
      return s?.status === 'processing' && s.since > after;
    });
  }

  /** The newest state change of any job (ms). */
  lastChange(): number {
    return Math.max(0, ...[...this.history.keys()].map((id) => this.state(id)?.since ?? 0));
  }

  private async poll(): Promise<boolean> {
    const urls = this.cluster.upUrls();
    const url = urls[this.turn++ % Math.max(1, urls.length)];
    if (!url) return false;
    try {
      const lists = await Promise.all(
        this.customers.map(async (who) => {
          const res = await fetch(`${url}/api/transcript/user?limit=100`, {
            headers: { cookie: who.api.jar.header() ?? '' },
            signal: AbortSignal.timeout(5000),
          });
          if (!res.ok) throw new Error(`list answered ${res.status}`);
          return (await res.json()) as TranscriptList;
        }),
      );
      const now = Date.now();
      for (const job of lists.flatMap((list) => list.transcriptions)) {
        const seen: JobState = {
          status: job.status,
          stage: job.progress.stage,
          percent: job.progress.percent,
          since: now,
        };
        const states = this.history.get(job.id) ?? [];
        const before = states.at(-1);
        if (!before || !sameState(before, seen)) this.history.set(job.id, [...states, seen]);
      }
      this.lastPoll = now;
      return true;
    } catch {
      return false; // an API being restarted, or killed mid-answer
    }
  }
}

/** One SIGKILL and what followed, as seen from outside. */
export interface Kill {
  victim: string;
  killedAt: number;
  /** Jobs seen processing just before the kill, claimed last by the process killed. */
  inFlight: string[];
  /** Each such job's state at the first look after the kill: the dead process's last write. */
  baseline: Map<string, JobState | undefined>;
  baselineAt: number;
  /** Seconds from the kill until the process served again (it is restarted at once). */
  restartSeconds: number;
  /** Per job: seconds until it left the dead process — handed back to the queue, claimed anew, or ended — or null if not within the limit. */
  released: Map<string, number | null>;
}

/**
 * The first state after `kill` showing that `id` left the dead process, with `ran` also one that
 * shows it running again (or ended): a change after the baseline look (requeued, claimed, ended),
 * or the baseline itself when the dead process cannot have written it (queued, completed, error).
 * Seen by polling, so each time is an upper bound by about one poll.
 */
function firstAfter(watch: JobWatch, kill: Kill, id: string, ran: boolean): JobState | undefined {
  const base = kill.baseline.get(id);
  const candidates = [
    ...(base && base.status !== 'processing' ? [base] : []),
    ...(watch.history.get(id) ?? []).filter((s) => s.since > kill.baselineAt),
  ];
  return candidates.find((s) => !ran || s.status !== 'queued');
}

/**
 * SIGKILLs `victim` (and its engines), starts it again at once, and waits until every job it held
 * has left the dead process, for at most `limitMs` (other processes' jobs are not its to release). An API with embedded workers is
 * down meanwhile: its figures include the restart.
 */
export async function killAndRestart(
  watch: JobWatch,
  victim: Service,
  ids: string[],
  limitMs: number,
): Promise<Kill> {
  const inFlight = ids.filter(
    (id) => watch.status(id) === 'processing' && watch.cluster.holds(victim, id),
  );
  const killedAt = Date.now();
  await victim.kill();
  // Settled at once either way: a failed restart is thrown below, after the wait, not lost.
  const restarted = victim.start().then(
    () => (Date.now() - killedAt) / 1000,
    (err: unknown) => err as Error,
  );
  await watch.next();
  const kill: Kill = {
    victim: victim.name,
    killedAt,
    inFlight,
    baseline: new Map(inFlight.map((id) => [id, watch.state(id)])),
    baselineAt: watch.lastPoll,
    restartSeconds: 0,
    released: new Map(),
  };
  const released = () => inFlight.every((id) => firstAfter(watch, kill, id, false));
  await watch.until(released, killedAt + limitMs - Date.now());
  const restart = await restarted;
  if (restart instanceof Error) throw restart;
  kill.restartSeconds = restart;
  for (const id of inFlight) {
    const state = firstAfter(watch, kill, id, false);
    kill.released.set(id, state ? (state.since - killedAt) / 1000 : null);
  }
  return kill;
}

/**
 * Audio seconds the run that took `id` over transcribed again: from where it went on (its last
 * checkpoint, or 0) to where the killed run had got at the kill. That is estimated from outside:
 * the killed run's last progress seen, plus its own pace (progress over time since it was seen
 * starting) for the time from then to the kill. Null when it was not running.
 */
export function redoneSeconds(
  watch: JobWatch,
  kill: Kill,
  id: string,
  audioSeconds: number,
  takenUp: TakenUp[],
): number | null {
  const seen = (watch.history.get(id) ?? []).filter((s) => s.since <= kill.killedAt);
  const last = seen.at(-1);
  if (last?.status !== 'processing') return null;
  // This run's states: since the job was last seen starting (queued before it, or progress 0).
  const start = seen.findLastIndex((s) => s.status !== 'processing' || s.percent === 0);
  const first = seen[Math.max(0, start)]!;
  const pace =
    last.since > first.since
      ? ((last.percent - first.percent) / 100) * audioSeconds * (1000 / (last.since - first.since))
      : 0;
  const reached = Math.min(
    audioSeconds,
    (last.percent / 100) * audioSeconds + ((kill.killedAt - last.since) / 1000) * pace,
  );
  const from = takenUp.find((t) => t.id === id && t.seen > kill.killedAt)?.at ?? 0;
  return Math.max(0, reached - from);
}

/** Seconds from the kill until `id` was seen running again (or ended); null if never. */
export function rerunSeconds(watch: JobWatch, kill: Kill, id: string): number | null {
  const state = firstAfter(watch, kill, id, true);
  return state ? (state.since - kill.killedAt) / 1000 : null;
}

/** How long a job held by a killed process may take to leave it before it counts as stuck. */
export const takeoverLimitMs = (cluster: Cluster) =>
  (cluster.setting('JOB_LEASE_SECONDS') +
    cluster.setting('QUEUE_POLL_SECONDS') +
    RESTART_ALLOWANCE_SECONDS) *
  1000;

// ---------------------------------------------------------------------------------------------
// The audit: what the database says once everything has stopped.

export interface Audit {
  completed: number;
  /** Still queued or processing. */
  stuck: number;
  /** Ended in error, or vanished. */
  lost: number;
  /** Completed jobs with more than one usage debit. */
  doubleCharged: number;
  /** Completed jobs with no usage debit. */
  uncharged: number;
  problems: string[];
}

/**
 * Every job completed once with a transcript; one usage debit per completed job and none for
 * the others; each account's balance equal to its credits less its usage debits.
 */
export async function auditJobs(db: Database, ids: string[], userIds: string[]): Promise<Audit> {
  const rows = await db.select().from(transcriptions).where(inArray(transcriptions.id, ids));
  const usage = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'usage'), inArray(ledgerEntries.reference, ids)));
  const audit: Audit = {
    completed: 0,
    stuck: 0,
    lost: 0,
    doubleCharged: 0,
    uncharged: 0,
    problems: [],
  };
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    const debits = usage.filter((u) => u.reference === id).length;
    if (!row) {
      audit.lost++;
      audit.problems.push(`${id}: row gone`);
    } else if (row.status === 'queued' || row.status === 'processing') {
      audit.stuck++;
      audit.problems.push(`${id}: still ${row.status} after ${row.attempts} claims`);
    } else if (row.status === 'error') {
      audit.lost++;
      audit.problems.push(`${id}: error: ${row.errorMessage}`);
    } else if (!row.result?.text) {
      audit.lost++;
      audit.problems.push(`${id}: completed without a transcript`);
    } else audit.completed++;
    if (row?.status === 'completed' && debits === 0) audit.uncharged++;
    if (row?.status === 'completed' && debits > 1) audit.doubleCharged++;
    const debited = usage.find((u) => u.reference === id)?.amountMicros;
    if (row?.status === 'completed' && debits === 1 && debited !== -(row.costMicros ?? 0))
      audit.problems.push(`${id}: costs ${row.costMicros} µ$ but was debited ${debited}`);
    if (row?.status !== 'completed' && debits > 0)
      audit.problems.push(`${id}: ${row?.status ?? 'gone'} but charged ${debits} time(s)`);
  }
  for (const userId of userIds) {
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    const credits = entries
      .filter((e) => e.kind !== 'usage')
      .reduce((s, e) => s + e.amountMicros, 0);
    const debits = entries
      .filter((e) => e.kind === 'usage')
      .reduce((s, e) => s + e.amountMicros, 0);
    const balance = await createLedger(db).balance(userId);
    if (balance !== credits + debits)
      audit.problems.push(
        `account ${userId}: balance ${balance} ≠ credits ${credits} + usage ${debits}`,
      );
  }
  return audit;
}

// ---------------------------------------------------------------------------------------------
// The run.

export interface FaultRunOptions {
  topology: Topology;
  /** Jobs submitted up front, spread over the customers. */
  jobs: number;
  /** SIGKILLs planned; each lands while jobs run, at a random moment. */
  kills: number;
  seed: number;
  /** The audio every job transcribes: long enough for kills to land mid-transcription. */
  audio: string;
  /** Its length in seconds. */
  audioSeconds: number;
  /** Accounts the jobs are spread over (default 2, so per-account caps still let every worker work). */
  customers?: number;
  /** A kill comes up to this long after jobs are seen running. */
  killDelayMaxSeconds?: number;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** Progress lines (the bench prints them; the test stays quiet). */
  log?: (line: string) => void;
}

export interface FaultReport extends Audit {
  shape: string;
  seed: number;
  jobs: number;
  kills: number;
  /** Per kill: seconds until every job in flight had left the dead process (requeued, claimed or ended). */
  takeovers: number[];
  /** Per kill: seconds until every job in flight was running again or ended (queue waits included). */
  reruns: number[];
  /** Per job in flight at a kill: audio seconds transcribed again (see redoneSeconds). */
  redone: number[];
  /** Per job in flight at a kill: audio seconds a restart from the start would have redone. */
  reached: number[];
  /** Kills after which a job in flight had not left the dead process within the limit. */
  missedTakeovers: number;
  takeoverLimitSeconds: number;
  worstTakeoverSeconds: number | null;
  worstRerunSeconds: number | null;
  seconds: number;
  /** The last lines each process printed, for the message of a run that went wrong. */
  logs: string;
}

const worst = (values: number[]) => (values.length ? Math.max(...values) : null);

/**
 * Submits the jobs, kills the processes that run them `kills` times (restarting each at once),
 * waits until every job has finished or nothing has moved for the takeover limit, then stops
 * everything and audits the database.
 */
export async function runFaults(options: FaultRunOptions): Promise<FaultReport> {
  const began = Date.now();
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed);
  const cluster = await Cluster.start(options.topology, {
    // Each kill costs a job at most one attempt: these kills cannot exhaust any.
    JOB_MAX_ATTEMPTS: String(options.kills + 2),
    ...options.env,
  });
  try {
    const customers = await Promise.all(
      Array.from({ length: options.customers ?? 2 }, (_, i) => newCustomer(cluster, i)),
    );
    if (options.jobs > 100 * customers.length)
      throw new Error('the watch reads 100 jobs per customer: add customers');
    const ids: string[] = [];
    for (let j = 0; j < options.jobs; j++) {
      const who = customers[j % customers.length]!;
      const res = await submit(cluster.remote(j), who, {}, options.audio);
      if (res.status !== 202) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`);
      ids.push(res.body.id);
    }
    log(`${describeTopology(options.topology)}: ${ids.length} jobs submitted`);

    const watch = new JobWatch(cluster, customers);
    watch.start();
    const limitMs = takeoverLimitMs(cluster);
    const kills: Kill[] = [];
    try {
      const unfinished = () => ids.filter((id) => !finished(watch.status(id)));
      let calm = Date.now();
      while (kills.length < options.kills) {
        // Kill while every runner that can have a job has one, so the victim surely holds one.
        const wanted = () => Math.min(cluster.runners.length, unfinished().length);
        const busy = await watch.until(
          () => unfinished().length === 0 || watch.running(calm).length >= wanted(),
          limitMs,
        );
        if (!busy || unfinished().length === 0) break;
        await sleep(random() * (options.killDelayMaxSeconds ?? 2) * 1000);
        const victim = cluster.runners[Math.floor(random() * cluster.runners.length)]!;
        const kill = await killAndRestart(watch, victim, ids, limitMs);
        kills.push(kill);
        const times = [...kill.released.values()];
        log(
          `kill ${kills.length} (${kill.victim}, ${kill.inFlight.length} in flight, back in ${kill.restartSeconds.toFixed(1)} s): ` +
            (times.includes(null)
              ? `a job was still held by the dead process after ${limitMs / 1000} s`
              : `jobs left the dead process within ${Math.max(0, ...(times as number[])).toFixed(1)} s`),
        );
        if (times.includes(null)) break;
        calm = Date.now();
      }
      // The rest run to the end; a run where nothing moves for the takeover limit is over.
      await watch.until(
        () => unfinished().length === 0 || Date.now() - watch.lastChange() > limitMs,
        60 * 60_000,
      );
      log(`${ids.length - unfinished().length} of ${ids.length} jobs ended; stopping`);
    } finally {
      await watch.stop();
    }
    await cluster.stop();
    const audit = await cluster.withDatabase((db) =>
      auditJobs(
        db,
        ids,
        customers.map((c) => c.userId),
      ),
    );
    // A process that died unasked (an unhandled error) explains jobs left behind: said first.
    audit.problems.unshift(...cluster.services.flatMap((s) => s.crashes));
    const complete = kills.filter((k) => ![...k.released.values()].includes(null));
    const takeovers = complete.map((k) =>
      Math.max(0, ...(k.released.values() as Iterable<number>)),
    );
    const reruns = complete.flatMap((k) => {
      const times = k.inFlight.map((id) => rerunSeconds(watch, k, id));
      return times.includes(null) ? [] : [Math.max(0, ...(times as number[]))];
    });
    const redoneWith = (takenUp: TakenUp[]) =>
      complete.flatMap((k) =>
        k.inFlight.flatMap((id) => {
          const seconds = redoneSeconds(watch, k, id, options.audioSeconds, takenUp);
          return seconds === null ? [] : [seconds];
        }),
      );
    const redone = redoneWith(cluster.takenUp());
    const reached = redoneWith([]);
    return {
      ...audit,
      shape: describeTopology(options.topology),
      seed: options.seed,
      jobs: ids.length,
      kills: kills.length,
      takeovers,
      reruns,
      redone,
      reached,
      missedTakeovers: kills.length - complete.length,
      takeoverLimitSeconds: limitMs / 1000,
      worstTakeoverSeconds: worst(takeovers),
      worstRerunSeconds: worst(reruns),
      seconds: (Date.now() - began) / 1000,
      logs: [
        ...cluster.services.map((service) => service.logs()),
        ...ids
          .filter((id) => !finished(watch.status(id)))
          .map((id) => {
            const states = (watch.history.get(id) ?? []).map(
              (s) => `${s.status}/${s.stage ?? '-'}/${s.percent}% at ${(s.since - began) / 1000} s`,
            );
            return `job ${id}: ${states.join(', ') || 'never seen'}`;
          }),
      ].join('\n'),
    };
  } finally {
    await cluster.destroy();
  }
}

/** The bench's table: one row per run. */
export function formatReports(reports: FaultReport[]): string {
  const head = [
    'shape',
    'jobs',
    'kills',
    'lost',
    'double-charged',
    'stuck',
    'worst takeover s',
    'worst rerun s',
    'worst redone s',
    'from 0 s',
  ];
  const rows = reports.map((r) => [
    r.shape,
    String(r.jobs),
    String(r.kills),
    String(r.lost),
    String(r.doubleCharged),
    String(r.stuck),
    r.missedTakeovers > 0
      ? `> ${r.takeoverLimitSeconds} (${r.missedTakeovers} kill)`
      : (r.worstTakeoverSeconds?.toFixed(1) ?? '-'),
    r.worstRerunSeconds?.toFixed(1) ?? '-',
    worst(r.redone)?.toFixed(1) ?? '-',
    worst(r.reached)?.toFixed(1) ?? '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Uploads the API must refuse, each for its own reason, without keeping their bytes.

export const REJECTIONS = ['unknown model', 'not audio', 'too large', 'no API key'] as const;
export type Rejection = (typeof REJECTIONS)[number];

export interface RejectedUploads {
  /** Per kind of bad request: how many got each HTTP status and error code, e.g. "413 file_too_large": 25. */
  answers: Record<Rejection, Record<string, number>>;
  staging: { files: number; bytes: number };
}

/**
 * `count` bad uploads, the kinds in turn: an unknown model, random bytes, a file over
 * MAX_UPLOAD_MB, and no credentials. `dir` receives the files sent; `audio` is real speech.
 */
export async function rejectUploads(
  cluster: Cluster,
  who: Customer,
  { count, audio, dir }: { count: number; audio: string; dir: string },
): Promise<RejectedUploads> {
  const noise = join(dir, 'noise.bin');
  const oversized = join(dir, 'oversized.bin');
  await writeFile(noise, randomBytes(64 * 1024));
  const limitBytes = cluster.setting('MAX_UPLOAD_MB') * 1024 * 1024;
  if (!Number.isFinite(limitBytes)) throw new Error('start the cluster with MAX_UPLOAD_MB');
  await writeFile(oversized, randomBytes(limitBytes + 1024 * 1024));
  const answers = Object.fromEntries(
    REJECTIONS.map((kind) => [kind, {}]),
  ) as RejectedUploads['answers'];
  for (let i = 0; i < count; i++) {
    const kind = REJECTIONS[i % REJECTIONS.length]!;
    const server = cluster.remote(i);
    const res =
      kind === 'unknown model'
        ? await submit(server, who, { model: 'no-such-model' }, audio)
        : kind === 'not audio'
          ? await submit(server, who, {}, noise)
          : kind === 'too large'
            ? await submit(server, who, {}, oversized)
            : await server.client().post('/v1/transcript', await audioForm({}, audio));
    const answer = `${res.status} ${(res.body as { code?: string }).code ?? '(no code)'}`;
    answers[kind][answer] = (answers[kind][answer] ?? 0) + 1;
  }
  return { answers, staging: await cluster.stagingBytes() };
}

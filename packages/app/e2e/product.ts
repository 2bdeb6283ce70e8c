/**
 * Starts the built product the way the README's `npm start` serves it (`node dist/main.js` of
 * @parlance/server after `npm run build`), on a free port, with its own storage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export type Backend = 'pglite' | 'postgres';

export interface Product {
  url: string;
  backend: Backend;
  /** Where the server's log goes (each request, warnings, errors), for a failed journey to show. */
  log: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the product did not become ready at ${url}`);
}

export async function startProduct(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<Product> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), `parlance-e2e-${backend}-`));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `parlance_e2e_${process.pid}`;
  const storageEnv: Record<string, string> = { DATA_DIR: dataDir };
  if (backend === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${database}`;
    storageEnv.DATABASE_URL = target.toString();
  }
  const logs: string[] = [];
  const log = join(dataDir, 'server.log');
  const logFile = createWriteStream(log);
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(repoRoot, 'packages/server'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      LOG_LEVEL: 'info',
      // The browser suites run beside it, their Chromiums at niceness 0: niced, its batch engine
      // would wait behind them, which a deployment's never does (it yields to live streams only).
      BATCH_ENGINE_NICE: '0',
      ...storageEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    logs.push(chunk.toString());
    if (logs.length > 200) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForReady(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${logs.join('')}`);
  }
  return {
    url,
    backend,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      logFile.end();
      await rm(dataDir, { recursive: true, force: true });
      if (backend === 'postgres') {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

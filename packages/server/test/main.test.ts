import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, freshDataDir, uniqueEmail } from './helpers.js';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

/** `node --import tsx src/main.ts` with the given environment; killed after the suite if still running. */
function startMain(
  env: Record<string, string>,
): ChildProcess & { stdout: NodeJS.ReadableStream; stderr: NodeJS.ReadableStream } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
  });
  children.push(child);
  return child;
}

describe('main: the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshDataDir();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with invalid configuration and says why', async () => {
    const child = startMain({ PORT: 'not-a-port', DATA_DIR: dataDir });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('PORT:');
  });

  /** Runs main with `env` until it exits; its exit code and what it wrote to stderr. */
  async function refusal(env: Record<string, string>) {
    const child = startMain({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    return { code, stderr };
  }

  // Nothing that makes a deployment safe, and no opt-in: every unsafe setting is named at once.
  const unsafeDeployment = {
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    SMTP_URL: '',
    TURNSTILE_SECRET: '',
    TURNSTILE_SITE_KEY: '',
    APP_URL: '',
    PUBLIC_URL: '',
  };

  it('with NODE_ENV=production, refuses to start with unsafe settings and names each one', async () => {
    const { code, stderr } = await refusal({ ...unsafeDeployment, NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start: this is a deployment (NODE_ENV=production)');
    for (const named of [
      'STRIPE_SECRET_KEY is not set',
      'SMTP_URL is not set',
      'TURNSTILE_SECRET is not set',
      'APP_URL is http://localhost:0',
    ])
      expect(stderr).toContain(named);
  });

  it('an APP_URL on another host is a deployment too, whatever NODE_ENV says', async () => {
    const { code, stderr } = await refusal({
      ...unsafeDeployment,
      NODE_ENV: 'development',
      APP_URL: 'https://parlance.example.com',
      ALLOW_TEST_PAYMENTS: 'true',
      ALLOW_MAIL_OUTBOX: 'true',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('(APP_URL https://parlance.example.com)');
    expect(stderr).toContain('TURNSTILE_SECRET is not set');
    expect(stderr).not.toContain('STRIPE_SECRET_KEY');
    expect(stderr).not.toContain('SMTP_URL');
    expect(stderr).not.toContain('APP_URL is'); // https: cookies are Secure
  });

  it('a deployment that opts into each unsafe setting starts, without the outbox route', async () => {
    const child = startMain({
      ...unsafeDeployment,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ALLOW_TEST_PAYMENTS: 'true',
      ALLOW_MAIL_OUTBOX: 'true',
      ALLOW_NO_BOT_CHECK: 'true',
      ALLOW_INSECURE_COOKIES: 'true',
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (found?.[1]) resolve(found[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/dev/outbox`)).status).toBe(404);
    for (const flag of ['ALLOW_TEST_PAYMENTS', 'ALLOW_MAIL_OUTBOX', 'ALLOW_NO_BOT_CHECK'])
      expect(out).toMatch(new RegExp(`"level":40,.*"msg":"unsafe setting accepted: ${flag}=true`));
    child.kill('SIGKILL');
  });

  it('finishes in-flight requests on SIGTERM, then exits cleanly', async () => {
    const child = startMain({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    });
    const logs: { msg?: string; [key: string]: unknown }[] = [];
    const waiters: {
      test: (line: { msg?: string }) => boolean;
      resolve: (line: { msg?: string }) => void;
    }[] = [];
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const text of lines) {
        const line = JSON.parse(text) as { msg?: string };
        logs.push(line);
        for (const waiter of waiters.filter((candidate) => candidate.test(line)))
          waiter.resolve(line);
      }
    });
    const logged = (test: (line: { msg?: string }) => boolean) =>
      new Promise<{ msg?: string }>((resolve) => {
        const seen = logs.find(test);
        if (seen) resolve(seen);
        else waiters.push({ test, resolve });
      });
    const exited = new Promise((resolve) => child.on('exit', resolve));

    const listening = await logged((line) => line.msg?.startsWith('Server listening at') ?? false);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(listening.msg ?? '')?.[0];
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const inFlight = fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late', email: uniqueEmail(), password: DEFAULT_PASSWORD }),
    });
    await logged(
      (line) =>
        line.msg === 'incoming request' && JSON.stringify(line).includes('/api/auth/register'),
    );
    child.kill('SIGTERM');
    expect((await inFlight).status).toBe(201);
    expect(await exited).toBe(0);
    expect(logs.some((line) => line.msg === 'shutting down: finishing in-flight requests')).toBe(
      true,
    );
  });
});

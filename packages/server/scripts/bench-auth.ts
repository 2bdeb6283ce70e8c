/**
 * `npm run bench:auth`: how long the sign-in family of calls takes to answer
 * when the address has an account and when it has none — the gap is what a timing attacker sees.
 * Samples of the two cases alternate; BENCH_SAMPLES (default 40) per case; BENCH_BACKEND pglite
 * (default) or postgres (TEST_DATABASE_URL, as the tests).
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import {
  DEFAULT_PASSWORD,
  signUp,
  startServer,
  uniqueEmail,
  type Backend,
} from '../test/helpers.js';
import { REGISTRATION_COOKIE } from '../src/auth/routes.js';
import { median } from './stats.js';

const samples = Number(process.env.BENCH_SAMPLES ?? 40);

const server = await startServer({
  backend: (process.env.BENCH_BACKEND ?? 'pglite') as Backend,
  env: { LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_EMAIL_MAX: '100000' },
});

/**
 * Requests are timed from a worker thread: work the server does after answering (on this thread)
 * must not slow the measuring client down, as it would not slow a client on another machine.
 */
const client = new Worker(
  `const { parentPort } = require('node:worker_threads');
  parentPort.on('message', async ({ url, path, body, cookie }) => {
    const started = performance.now();
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    parentPort.postMessage({ status: res.status, ms: performance.now() - started });
  });`,
  { eval: true },
);

function timed(path: string, body: unknown, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    client.once('message', ({ status, ms }: { status: number; ms: number }) => {
      if (status >= 500 || status === 429) reject(new Error(`${path} answered ${status}`));
      else resolve(ms);
    });
    client.postMessage({ url: server.url, path, body, cookie });
  });
}

interface Case {
  call: string;
  known: string;
  unknown: string;
  run(known: boolean): Promise<number>;
}

try {
  const { email: verified } = await signUp(server, { name: 'Bench' });
  const pending = uniqueEmail('pending');
  /** The registration cookie of a new browser that registers `email`, as an attacker's would be. */
  const registrationOf = async (email: string) => {
    const browser = server.client();
    await browser.post('/api/auth/register', { name: 'R', email, password: DEFAULT_PASSWORD });
    return `${REGISTRATION_COOKIE}=${browser.jar.get(REGISTRATION_COOKIE)}`;
  };
  const pendingRegistration = await registrationOf(pending);

  const cases: Case[] = [
    {
      call: 'register',
      known: 'verified account',
      unknown: 'new address',
      run: (known) =>
        timed('/api/auth/register', {
          name: 'B',
          email: known ? verified : uniqueEmail('new'),
          password: DEFAULT_PASSWORD,
        }),
    },
    {
      call: 'resend-code',
      known: 'pending registration',
      unknown: 'unknown address',
      run: (known) =>
        timed(
          '/api/auth/resend-code',
          { email: known ? pending : uniqueEmail('ghost') },
          known ? pendingRegistration : `${REGISTRATION_COOKIE}=${randomUUID()}`,
        ),
    },
    {
      call: 'forgot-password',
      known: 'verified account',
      unknown: 'unknown address',
      run: (known) =>
        timed('/api/auth/forgot-password', { email: known ? verified : uniqueEmail('ghost') }),
    },
    {
      // An attacker's own registration of the address, and a wrong code (a fresh one each time:
      // a registration takes CODE_MAX_ATTEMPTS guesses).
      call: 'verify-code',
      known: 'verified account',
      unknown: 'new address',
      run: async (known) => {
        const email = known ? verified : uniqueEmail('new');
        return timed(
          '/api/auth/verify-code',
          { email, code: '000000' },
          await registrationOf(email),
        );
      },
    },
    {
      call: 'login',
      known: 'verified account',
      unknown: 'unknown address',
      run: (known) =>
        timed('/api/auth/login', {
          email: known ? verified : uniqueEmail('ghost'),
          password: 'not the password',
        }),
    },
  ];

  console.log(`\n${samples} samples per case, median ms, storage: ${server.storage.kind}\n`);
  console.log(
    'call              account exists                    no account                   gap',
  );
  for (const benchCase of cases) {
    await benchCase.run(true);
    await benchCase.run(false);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < samples; i++) {
      known.push(await benchCase.run(true));
      unknown.push(await benchCase.run(false));
    }
    const [a, b] = [median(known), median(unknown)];
    console.log(
      `${benchCase.call.padEnd(17)} ${`${benchCase.known} ${a.toFixed(2)}`.padEnd(33)} ${`${benchCase.unknown} ${b.toFixed(2)}`.padEnd(28)} ${(a - b).toFixed(2).padStart(6)}`,
    );
  }
} finally {
  await client.terminate();
  await server.close();
}

/**
 * A user's journey against the compose stack (deploy/test/run.ts starts it): sign up, transcribe
 * jfk through a worker container, SIGKILL the worker running a longer job (another worker takes
 * it over; it is charged once), download the SRT, delete the account and see its audio leave the
 * object store. Each step prints its time; any failure throws.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Stack {
  /** The first API process, as the browser reaches it. */
  url: string;
  /** The second API process. */
  url2: string;
  /** Runs SQL in the stack's PostgreSQL, returning psql's unaligned rows. */
  sql: (query: string) => string;
  /** The names of a service's containers. */
  containers: (service: string) => string[];
  /** Runs a Node ES module inside the first API container (which has the AWS SDK). */
  nodeInApi: (source: string) => string;
  /** Audio files on this machine: jfk (11 s) and a longer recording made from it. */
  audio: { jfk: string; long: string };
  step: <T>(name: string, run: () => Promise<T>) => Promise<T>;
}

export const podman = (...args: string[]) =>
  execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

/** `attempt`'s first answer (a throw counts as none yet), polled every 500 ms for `seconds`. */
export async function until<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  seconds: number,
) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await sleep(500);
  }
}

async function call(url: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', url);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${url}${path}`, { ...init, headers, body });
  return res;
}

async function ok(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

const cookie = (res: Response, name: string) => {
  const value = res.headers
    .getSetCookie()
    .map((set) => new RegExp(`^${name}=([^;]+)`).exec(set)?.[1])
    .find(Boolean);
  if (!value) throw new Error(`no ${name} cookie set by ${res.url}`);
  return `${name}=${value}`;
};

export async function journey(stack: Stack): Promise<void> {
  const { url, step } = stack;
  const email = `deploy-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Sturdy-${randomUUID()}`;

  const session = await step('sign up (code read from the outbox table)', async () => {
    const registered = await ok(
      await call(url, '/api/auth/register', {
        method: 'POST',
        json: { name: 'Deploy Test', email, password, 'cf-turnstile-response': '' },
      }),
      'register',
    );
    const mail = await until(
      'the verification mail',
      async () =>
        stack.sql(
          `select text from outbox where "to" = '${email}' order by created_at desc limit 1`,
        ) || undefined,
      30,
    );
    const code = /\b(\d{6})\b/.exec(mail)?.[1];
    if (!code) throw new Error(`no code in ${mail}`);
    const verified = await ok(
      await call(url, '/api/auth/verify-code', {
        method: 'POST',
        json: { email, code },
        headers: { cookie: cookie(registered, 'parlance_registration') },
      }),
      'verify',
    );
    return cookie(verified, 'parlance_session');
  });

  const { key, userId } = await step('create an API key', async () => {
    const me = (await (
      await ok(await call(url, '/api/auth/me', { headers: { cookie: session } }), 'me')
    ).json()) as { user: { id: string } };
    const created = (await (
      await ok(
        await call(url, '/api/api-keys', {
          method: 'POST',
          json: { name: 'deploy test' },
          headers: { cookie: session },
        }),
        'create key',
      )
    ).json()) as { secret: string };
    return { key: { authorization: `Bearer ${created.secret}` }, userId: me.user.id };
  });

  const submit = async (file: string) => {
    const form = new FormData();
    form.set('file', new Blob([readFileSync(file)]), file.split('/').pop());
    form.set('language', 'en');
    form.set('model', 'tiny.en');
    const res = await ok(
      await fetch(`${url}/v1/transcript`, { method: 'POST', headers: key, body: form }),
      'submit',
    );
    return ((await res.json()) as { id: string }).id;
  };
  const transcript = async (id: string, base = url) =>
    (await (
      await ok(await fetch(`${base}/v1/transcript/${id}`, { headers: key }), 'get')
    ).json()) as {
      status: string;
      text?: string;
      costMicros: number | null;
      progress: { percent: number };
      result?: { text: string };
      error?: string | null;
    };
  const completed = (id: string, seconds: number) =>
    until(
      `transcript ${id} to complete`,
      async () => {
        const t = await transcript(id);
        if (t.status === 'error') throw new Error(`job failed: ${t.error}`);
        return t.status === 'completed' ? t : undefined;
      },
      seconds,
    );

  const jfk = await step('transcribe jfk through a worker container', async () => {
    const id = await submit(stack.audio.jfk);
    const done = await completed(id, 180);
    const text = done.result?.text ?? '';
    if (!/ask not what your country can do for you/i.test(text))
      throw new Error(`unexpected text: ${text}`);
    // The API containers run no workers (EMBEDDED_WORKERS=false): a worker container did it.
    const seen = await transcript(id, stack.url2);
    if (seen.status !== 'completed') throw new Error('the second API process sees another state');
    return id;
  });

  await step('SIGKILL the worker mid-job: taken over, charged once', async () => {
    const [first, second] = [stack.containers('worker')[0], stack.containers('worker-2')[0]];
    if (!first || !second) throw new Error('two worker containers expected');
    podman('stop', '-t', '30', second);
    const id = await submit(stack.audio.long);
    await until(
      'the long job to make progress',
      async () => {
        const t = await transcript(id);
        return t.status === 'processing' && t.progress.percent > 0 ? t : undefined;
      },
      180,
    );
    podman('kill', '-s', 'KILL', first);
    podman('start', second);
    const done = await completed(id, 600);
    const charges = stack.sql(
      `select count(*) from ledger_entries where kind = 'usage' and reference = '${id}'`,
    );
    if (charges !== '1') throw new Error(`charged ${charges} times`);
    if (!done.costMicros) throw new Error('not charged');
    podman('start', first);
  });

  await step('download the SRT', async () => {
    const res = await ok(await fetch(`${url}/v1/transcript/${jfk}/srt`, { headers: key }), 'srt');
    const srt = await res.text();
    if (!/^1\r?\n00:00:00,\d{3} --> 00:00:\d\d,\d{3}\r?\n/.test(srt))
      throw new Error(`not SRT: ${srt.slice(0, 200)}`);
  });

  const listAudio = () =>
    Number(
      stack.nodeInApi(`
        import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3';
        const s3 = new S3Client({ region: process.env.S3_REGION, endpoint: process.env.S3_ENDPOINT, forcePathStyle: true });
        const listed = await s3.send(new ListObjectsV2Command({ Bucket: process.env.S3_BUCKET, Prefix: 'audio/${userId}/' }));
        console.log(listed.KeyCount ?? 0);
      `),
    );

  await step('delete the account: its audio leaves the object store', async () => {
    const before = listAudio();
    if (before < 2) throw new Error(`expected the account's 2 recordings in S3, found ${before}`);
    await ok(
      await call(url, '/api/account', {
        method: 'DELETE',
        json: { password },
        headers: { cookie: session },
      }),
      'delete account',
    );
    await until('the audio to be erased', async () => (listAudio() === 0 ? true : undefined), 60);
    const gone = await fetch(`${url}/v1/transcript/${jfk}`, { headers: key });
    if (gone.status !== 401) throw new Error(`the deleted account's key answered ${gone.status}`);
  });
}

/** Shared by the transcription and OpenAI-compatible suites: funded users, API keys, uploads, polling. */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createLedger } from '../src/billing/ledger.js';
import { centsToMicros } from '../src/billing/money.js';
import { MAX_TRANSCRIPT_WAIT_SECONDS, type Transcript } from '@parlance/contract';
import { expect } from 'vitest';
import {
  signUp,
  startServer,
  type ApiClient,
  type ApiResponse,
  type StartOptions,
  type Reachable,
  type TestServer,
} from './helpers.js';

export const fixture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Transcription settings come from process.env (read when the app starts); tests set them first. */
export async function startTranscriptionServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  return startServer({
    ...options,
    env: {
      ALLOW_PRIVATE_AUDIO_URLS: 'true',
      WORKER_CONCURRENCY: '1',
      QUEUE_POLL_SECONDS: '0.5',
      // Test files run two at a time on 2 cores: a niced batch engine would wait behind the other
      // file's engines, which a deployment's batch engines never compete with (only its live
      // streams, on purpose). The streams-apart test runs them at the default, 10.
      BATCH_ENGINE_NICE: '0',
      ...env,
      ...options.env,
    },
  });
}

export interface Customer {
  api: ApiClient;
  userId: string;
  /** Authorization header with a fresh API key. */
  auth: { authorization: string };
}

/** A verified user with `cents` of credit (whole cents, as bought) and an API key. */
export async function customer(server: TestServer, cents: number): Promise<Customer> {
  const { api, user } = await signUp(server);
  const ledger = createLedger(server.storage.db);
  const balance = await ledger.balance(user.id);
  const wanted = centsToMicros(cents);
  if (wanted > balance) {
    await ledger.credit({
      kind: 'adjustment',
      userId: user.id,
      amountMicros: wanted - balance,
      description: 'test credit',
    });
  } else if (wanted < balance) {
    await ledger.debit({
      kind: 'adjustment',
      userId: user.id,
      amountMicros: balance - wanted,
      description: 'test debit',
    });
  }
  const key = await api.post('/api/api-keys', { name: 'tests' });
  if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
  return { api, userId: user.id, auth: { authorization: `Bearer ${key.body.secret}` } };
}

/** Adds `micros` of credit to the account (an adjustment), for a balance cents cannot express. */
export async function addCredit(server: TestServer, userId: string, micros: number): Promise<void> {
  await createLedger(server.storage.db).credit({
    kind: 'adjustment',
    userId,
    amountMicros: micros,
    description: 'test credit',
  });
}

export async function audioForm(fields: Record<string, string>, file?: string): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([await readFile(file)]), file.split('/').pop());
  return form;
}

/** POST /v1/transcript with the customer's API key. */
export async function submit(
  server: Reachable,
  who: Customer,
  fields: Record<string, string>,
  file?: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return server.client().post('/v1/transcript', await audioForm(fields, file), {
    headers: { ...who.auth, ...headers },
  });
}

/**
 * Long-polls GET /v1/transcript/:id?wait= until the job is completed or failed (or `timeoutMs`
 * passes): each call answers as soon as the job finishes.
 */
export async function waitForJob(
  server: Reachable,
  who: Customer,
  id: string,
  timeoutMs = 60_000,
): Promise<Transcript> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = Math.ceil((deadline - Date.now()) / 1000);
    const wait = Math.max(0, Math.min(MAX_TRANSCRIPT_WAIT_SECONDS, left));
    const res = await server
      .client()
      .get(`/v1/transcript/${id}?wait=${wait}`, { headers: who.auth });
    if (res.status !== 200) throw new Error(`poll: ${res.status} ${JSON.stringify(res.body)}`);
    const job = res.body as Transcript;
    if (job.status === 'completed' || job.status === 'error') return job;
    if (Date.now() >= deadline) throw new Error(`job ${id} still ${job.status}`);
  }
}

/** Submits `file` with `fields` (accepted: 202) and waits for the job, which must complete. */
export async function transcribed(
  server: Reachable,
  who: Customer,
  fields: Record<string, string>,
  file: string,
): Promise<Transcript> {
  const res = await submit(server, who, fields, file);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const job = await waitForJob(server, who, res.body.id);
  expect(job.status, job.error ?? '').toBe('completed');
  return job;
}

/** Writes `seconds` of silence as a small mp3 (a long file that costs little to make). */
export function silentMp3(path: string, seconds: number): void {
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    String(seconds),
    '-b:a',
    '8k',
    path,
  ]);
}

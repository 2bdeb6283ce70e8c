/** Shared by the transcription and OpenAI-compatible suites: funded users, API keys, uploads, polling. */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createLedger } from '../src/billing/ledger.js';
import type { Transcript } from '../src/contract/transcription.js';
import {
  signUp,
  startServer,
  type ApiClient,
  type ApiResponse,
  type StartOptions,
  type TestServer,
} from './helpers.js';

export const fixture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Transcription settings come from process.env (read when the app starts); tests set them first. */
export async function startTranscriptionServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  Object.assign(process.env, {
    ALLOW_PRIVATE_AUDIO_URLS: 'true',
    WORKER_CONCURRENCY: '1',
    QUEUE_POLL_SECONDS: '0.5',
    ...env,
  });
  return startServer(options);
}

export interface Customer {
  api: ApiClient;
  userId: string;
  /** Authorization header with a fresh API key. */
  auth: { authorization: string };
}

/** A verified user with `cents` of credit and an API key. */
export async function customer(server: TestServer, cents: number): Promise<Customer> {
  const { api, user } = await signUp(server);
  const ledger = createLedger(server.storage.db);
  const balance = await ledger.balance(user.id);
  if (cents > balance) {
    await ledger.credit({
      kind: 'adjustment',
      userId: user.id,
      amountCents: cents - balance,
      description: 'test credit',
    });
  } else if (cents < balance) {
    await ledger.debit({
      kind: 'adjustment',
      userId: user.id,
      amountCents: balance - cents,
      description: 'test debit',
    });
  }
  const key = await api.post('/api/api-keys', { name: 'tests' });
  if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
  return { api, userId: user.id, auth: { authorization: `Bearer ${key.body.secret}` } };
}

export async function audioForm(fields: Record<string, string>, file?: string): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([await readFile(file)]), file.split('/').pop());
  return form;
}

/** POST /v1/transcript with the customer's API key. */
export async function submit(
  server: TestServer,
  who: Customer,
  fields: Record<string, string>,
  file?: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return server.client().post('/v1/transcript', await audioForm(fields, file), {
    headers: { ...who.auth, ...headers },
  });
}

/** Polls GET /v1/transcript/:id until it is completed or failed (or `timeoutMs` passes). */
export async function waitForJob(
  server: TestServer,
  who: Customer,
  id: string,
  timeoutMs = 60_000,
): Promise<Transcript> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.client().get(`/v1/transcript/${id}`, { headers: who.auth });
    if (res.status !== 200) throw new Error(`poll: ${res.status} ${JSON.stringify(res.body)}`);
    const job = res.body as Transcript;
    if (job.status === 'completed' || job.status === 'error') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

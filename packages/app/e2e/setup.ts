/**
 * Every journey file's setup: no request of a journey waits longer than a bound (a server that stops
 * answering fails the step that asked, naming it, not the whole test at its time limit), and a
 * failed journey prints what the servers under test logged.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, inject } from 'vitest';

const REQUEST_TIMEOUT_MS = 30_000;
const LOG_TAIL_BYTES = 20_000;

const unbounded = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  try {
    return await unbounded(input, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
  } catch (error) {
    const target = input instanceof Request ? input.url : String(input);
    throw new Error(`${init?.method ?? 'GET'} ${target} failed`, { cause: error });
  }
};

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const { url, backend, log } of [...inject('products'), inject('stripeProduct')]) {
    const text = await readFile(log, 'utf8').catch(() => '(no log)');
    console.error(
      `--- the log of ${url} (${backend}), last part ---\n${text.slice(-LOG_TAIL_BYTES)}`,
    );
  }
});

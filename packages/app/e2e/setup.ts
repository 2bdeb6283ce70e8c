/**
 * Every journey file's setup: no request of a journey waits longer than a bound (a server that stops
 * answering fails the step that asked, naming it, not the whole test at its time limit), and a
 * failed journey prints its last steps and what the servers under test logged.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, inject } from 'vitest';
import { steps } from './journey';

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

beforeEach(() => {
  steps.length = 0;
});

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const started = steps[0]?.at ?? Date.now();
  console.error(
    `--- the journey's last steps (seconds from its first) ---\n${steps
      .slice(-8)
      .map(({ what, at }) => `${((at - started) / 1000).toFixed(1)} s  ${what}`)
      .join('\n')}`,
  );
  for (const { url, backend, log } of [...inject('products'), inject('stripeProduct')]) {
    const text = await readFile(log, 'utf8').catch(() => '(no log)');
    console.error(
      `--- the log of ${url} (${backend}), last part ---\n${text.slice(-LOG_TAIL_BYTES)}`,
    );
  }
});

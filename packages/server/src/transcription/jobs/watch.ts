import { once, type EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/index.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import { findTranscriptionById } from './repository.js';

/** How often a waiting request reads a job that a worker of another process may be running. */
const POLL_MS = 250;

/** Until `ms` pass or this process finishes job `id`, whichever is first; rejects on `signal`. */
async function nextLook(
  finished: EventEmitter,
  id: string,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  const settled = new AbortController();
  const either = AbortSignal.any([signal, settled.signal]);
  try {
    await Promise.race([
      sleep(ms, undefined, { signal: either }),
      once(finished, id, { signal: either }),
    ]);
  } finally {
    settled.abort();
  }
}

/** Completed or failed: nothing more will happen to the job. */
export const isFinished = (row: TranscriptionRow): boolean =>
  row.status === 'completed' || row.status === 'error';

export interface WatchOptions {
  /** Epoch ms after which the row is returned as it is. */
  deadline: number;
  /** Stops the watch (it rejects) when the caller goes away. */
  signal: AbortSignal;
  /** Shown each row read (a streaming answer sends the text decoded so far). */
  onRow?: (row: TranscriptionRow) => void;
}

/**
 * Reads job `id` until it completes or fails, or `deadline` passes, and returns the last row read
 * (undefined once the job is deleted). It reads again at once when a worker of this process finishes
 * the job, and every POLL_MS otherwise (workers may be other processes).
 */
export async function watchJob(
  db: Database,
  finished: EventEmitter,
  id: string,
  { deadline, signal, onRow }: WatchOptions,
): Promise<TranscriptionRow | undefined> {
  for (;;) {
    const row = await findTranscriptionById(db, id);
    if (!row) return undefined;
    onRow?.(row);
    const left = deadline - Date.now();
    if (isFinished(row) || left <= 0) return row;
    await nextLook(finished, id, Math.min(POLL_MS, left), signal);
  }
}

import type { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/index.js';
import type { TranscriptionRow } from '../../db/schema/transcription.js';
import { findTranscriptionById } from './repository.js';

/** How often a waiting request reads a job that a worker of another process may be running. */
const POLL_MS = 250;

/** Completed or failed: nothing more will happen to the job. */
export const isFinished = (row: TranscriptionRow): boolean =>
  row.status === 'completed' || row.status === 'error';

export interface WatchOptions {
  /** Epoch ms after which the row is returned as it is. */
  deadline: number;
  /** Stops the watch (it rejects) when the caller goes away. */
  signal: AbortSignal;
  /**
   * Ends the watch early, at its next read (within POLL_MS): the row is returned as it is (a server
   * stopping). Not a source of each pass's AbortSignal.any: it lives as long as the server, and
   * Node 20 keeps every signal made from a source for as long as the source lives.
   */
  until?: AbortSignal;
  /** Shown each row read (a streaming answer sends the text decoded so far). */
  onRow?: (row: TranscriptionRow) => void;
}

/**
 * Reads job `id` until it completes or fails, or `deadline` passes, and returns the last row read
 * (undefined once the job is deleted). It reads again at once when a worker of this process finishes
 * the job, and every POLL_MS otherwise (workers may be other processes). It listens from the start,
 * so a job finished while its row was being read is read again at once, not at the next poll.
 */
export async function watchJob(
  db: Database,
  finished: EventEmitter,
  id: string,
  { deadline, signal, until, onRow }: WatchOptions,
): Promise<TranscriptionRow | undefined> {
  // The finish of this pass's wait: set off by this process finishing the job, also while its row
  // is being read (the wait then ends at once).
  let woken = new AbortController();
  const wake = () => woken.abort();
  finished.on(id, wake);
  try {
    for (;;) {
      woken = new AbortController();
      const row = await findTranscriptionById(db, id);
      if (!row) return undefined;
      onRow?.(row);
      const left = deadline - Date.now();
      if (isFinished(row) || left <= 0 || until?.aborted) return row;
      try {
        await sleep(Math.min(POLL_MS, left), undefined, {
          signal: AbortSignal.any([signal, woken.signal]),
        });
      } catch (err) {
        if (signal.aborted) throw err; // the caller went away
      }
    }
  } finally {
    finished.off(id, wake);
  }
}

import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/index.js';
import type { TranscriptionRow } from '../src/db/schema/transcription.js';
import { findTranscriptionById } from '../src/transcription/jobs/repository.js';
import { watchJob } from '../src/transcription/jobs/watch.js';

// Reads are scripted; and a poll never comes on its own (only the finished event or the caller's
// abort end a wait), so a watch that would rely on polling never returns.
vi.mock('../src/transcription/jobs/repository.js', () => ({ findTranscriptionById: vi.fn() }));
vi.mock('node:timers/promises', () => ({
  setTimeout: (_ms: number, _value: unknown, { signal }: { signal: AbortSignal }) =>
    new Promise((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
}));

const db = {} as Database;
const row = (status: TranscriptionRow['status']) => ({ id: 'job', status }) as TranscriptionRow;
const reads = vi.mocked(findTranscriptionById);

describe('watchJob', () => {
  it(
    'a job this process finishes while its row is being read is read again at once',
    { timeout: 2000 },
    async () => {
      const finished = new EventEmitter();
      reads
        .mockImplementationOnce(async () => {
          finished.emit('job'); // the worker finishes between the read and the wait
          return row('processing');
        })
        .mockResolvedValueOnce(row('completed'));
      const watched = await watchJob(db, finished, 'job', {
        deadline: Date.now() + 60_000,
        signal: new AbortController().signal,
      });
      expect(watched?.status).toBe('completed');
      expect(reads).toHaveBeenCalledTimes(2);
      expect(finished.listenerCount('job')).toBe(0);
    },
  );

  it('a job finished during the wait is read at once; a caller that leaves ends the watch', async () => {
    const finished = new EventEmitter();
    reads.mockReset();
    reads.mockResolvedValueOnce(row('queued')).mockResolvedValueOnce(row('completed'));
    const first = watchJob(db, finished, 'job', {
      deadline: Date.now() + 60_000,
      signal: new AbortController().signal,
    });
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    finished.emit('job');
    expect((await first)?.status).toBe('completed');

    reads.mockResolvedValue(row('processing'));
    const caller = new AbortController();
    const second = watchJob(db, finished, 'job', {
      deadline: Date.now() + 60_000,
      signal: caller.signal,
    });
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(3));
    caller.abort();
    await expect(second).rejects.toThrow();
    expect(finished.listenerCount('job')).toBe(0);
  });
});

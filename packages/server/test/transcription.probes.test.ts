/**
 * Probing uploads with a time limit (ProbePool, real engine processes): a file that states no
 * length is measured by its packets (work that grows with its size, not with the hours it
 * holds), a file that takes too long to read is refused without holding up or failing anyone
 * else's, a crash fails only the probe it happened in, waiting probes go first come first
 * served, and an endless file is refused as too long rather than read until the time limit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProbePool } from '../src/transcription/engine/probePool.js';
import {
  EngineUnavailableError,
  ProbeLimitError,
  ProbeTimeoutError,
} from '../src/transcription/engine/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiResponse, TestServer } from './helpers.js';
import { writeUnstatedFlac } from './faults/audio.js';
import { customer, fixture, startTranscriptionServer, submit } from './transcription-helpers.js';

// Generous, so that a normal probe (including its process's start) fits even on a busy machine;
// the slow files below take several times longer, and a busier machine only makes them slower.
const TIMEOUT_SECONDS = 8;
const MAX_AUDIO_SECONDS = 7200;

let dir: string;
/** 12 h of silence at 655350 Hz in 7 MB: ~3 min to decode, under a second to measure by packets. */
let silent: string;
/** The same without timestamps (only decoding measures it): ~28 s to decode up to 2 h. */
let slow: string;
/** 200 h at 16 kHz: under a second to measure by packets. */
let endless: string;
/** The same without timestamps: ~20 s to decode in full, a fifth of a second for its first 2 h. */
let endlessUntimed: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'probe-pool-'));
  const untimed = { timestamps: false };
  silent = await writeUnstatedFlac(join(dir, 'silent.flac'), 655350, 12 * 3600);
  slow = await writeUnstatedFlac(join(dir, 'slow.flac'), 655350, 12 * 3600, untimed);
  endless = await writeUnstatedFlac(join(dir, 'endless.flac'), 16000, 200 * 3600);
  endlessUntimed = await writeUnstatedFlac(join(dir, 'untimed.flac'), 16000, 200 * 3600, untimed);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Settles in the order the promises do; each entry is 'ok' or the rejection's class name. */
function settleOrder(probes: Record<string, Promise<unknown>>) {
  const order: string[] = [];
  const all = Object.entries(probes).map(([name, p]) =>
    p.then(
      () => order.push(`${name}:ok`),
      (err: Error) => order.push(`${name}:${err.name}`),
    ),
  );
  return Promise.all(all).then(() => order);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ProbePool', () => {
  it('kills a probe that overruns its limit while a probe in parallel succeeds', async () => {
    const pool = new ProbePool({ size: 2, timeoutSeconds: TIMEOUT_SECONDS });
    try {
      const hung = pool.probe(slow).catch((e: unknown) => e);
      const normal = await pool.probe(fixture('jfk.wav'));
      expect(normal.duration).toBeCloseTo(11, 1);
      const pid = pool.engines[0].pid as number;
      const err = await hung;
      expect(err).toBeInstanceOf(ProbeTimeoutError);
      expect((err as Error).message).toBe(`probe took longer than ${TIMEOUT_SECONDS} s`);
      expect(alive(pid)).toBe(false);
      // The killed slot serves the next probe with a fresh process.
      const [a, b] = await Promise.all([
        pool.probe(fixture('jfk.mp3')),
        pool.probe(fixture('jfk.wav')),
      ]);
      expect([a.duration, b.duration].map(Math.round)).toEqual([11, 11]);
      expect(pool.engines[0].pid).not.toBe(pid);
    } finally {
      await pool.close();
    }
  });

  it('runs one probe per process; the others wait their turn in arrival order', async () => {
    const pool = new ProbePool({ size: 1, timeoutSeconds: TIMEOUT_SECONDS });
    try {
      const order = await settleOrder({
        slow: pool.probe(slow),
        first: pool.probe(fixture('jfk.wav')),
        second: pool.probe(fixture('LJ002-0020.wav')),
        third: pool.probe(fixture('jfk.mp3')),
      });
      expect(order).toEqual(['slow:ProbeTimeoutError', 'first:ok', 'second:ok', 'third:ok']);
    } finally {
      await pool.close();
    }
  });

  it("serves accounts in turn, one probe each at a time: one account's many files do not go first", async () => {
    const pool = new ProbePool({ size: 1, timeoutSeconds: TIMEOUT_SECONDS });
    try {
      const order = await settleOrder({
        aSlow: pool.probe(slow, undefined, 'a'),
        a1: pool.probe(fixture('jfk.wav'), undefined, 'a'),
        a2: pool.probe(fixture('jfk.mp3'), undefined, 'a'),
        b: pool.probe(fixture('LJ002-0020.wav'), undefined, 'b'),
      });
      expect(order).toEqual(['aSlow:ProbeTimeoutError', 'b:ok', 'a1:ok', 'a2:ok']);
    } finally {
      await pool.close();
    }
  });

  it('refuses an account whose probes overran too often, for the rest of the window, waiting ones too', async () => {
    const pool = new ProbePool({
      size: 2,
      timeoutSeconds: 2,
      maxTimeouts: 2,
      timeoutWindowSeconds: 6,
    });
    try {
      // Sent at once: the third waits its turn behind the first two, and by then the account is
      // over its limit.
      const overran = await Promise.allSettled([
        pool.probe(slow, undefined, 'a'),
        pool.probe(slow, undefined, 'a'),
        pool.probe(slow, undefined, 'a'),
      ]);
      expect(overran.map((r) => r.status === 'rejected' && r.reason.name)).toEqual([
        'ProbeTimeoutError',
        'ProbeTimeoutError',
        'ProbeLimitError',
      ]);
      const refused = await pool.probe(fixture('jfk.wav'), undefined, 'a').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ProbeLimitError);
      expect((refused as ProbeLimitError).retryAfterSeconds).toBeGreaterThan(0);
      expect((refused as ProbeLimitError).retryAfterSeconds).toBeLessThanOrEqual(6);
      // Another account is not refused.
      expect((await pool.probe(fixture('jfk.wav'), undefined, 'b')).duration).toBeCloseTo(11, 1);
    } finally {
      await pool.close();
    }
  });

  it('a crash fails only the probe it happened in', async () => {
    const pool = new ProbePool({ size: 2, timeoutSeconds: 120 });
    try {
      const crashed = pool.probe(slow).catch((e: unknown) => e);
      // Once the other process has answered, the slow probe is surely mid-decode.
      expect((await pool.probe(fixture('jfk.wav'))).duration).toBeCloseTo(11, 1);
      const queued = [pool.probe(fixture('jfk.mp3')), pool.probe(fixture('LJ002-0035.wav'))];
      process.kill(pool.engines[0].pid as number, 'SIGKILL');
      const err = await crashed;
      expect(err).toBeInstanceOf(EngineUnavailableError);
      expect((err as Error).message).toContain('signal SIGKILL');
      const durations = (await Promise.all(queued)).map((r) => r.duration);
      expect(durations[0]).toBeCloseTo(11, 0);
      expect(durations[1]).toBeCloseTo(1.6, 1);
    } finally {
      await pool.close();
    }
  });

  it('measures hours of audio that state no length by their packets, well inside the time limit', async () => {
    const pool = new ProbePool({ size: 1, timeoutSeconds: TIMEOUT_SECONDS });
    try {
      // Decoding these would take minutes.
      expect((await pool.probe(silent)).duration).toBeCloseTo(12 * 3600, -1);
      expect((await pool.probe(endless)).duration).toBeCloseTo(200 * 3600, -1);
    } finally {
      await pool.close();
    }
  });

  it('stops counting an unstated length at maxSeconds, well inside the time limit', async () => {
    const pool = new ProbePool({ size: 1, timeoutSeconds: TIMEOUT_SECONDS });
    try {
      const cap = MAX_AUDIO_SECONDS + 1;
      expect((await pool.probe(endless, { maxSeconds: cap })).duration).toBe(cap);
      // Without timestamps the file is decoded: up to the cap within the limit, to the end not.
      expect((await pool.probe(endlessUntimed, { maxSeconds: cap })).duration).toBe(cap);
      await expect(pool.probe(endlessUntimed)).rejects.toBeInstanceOf(ProbeTimeoutError);
    } finally {
      await pool.close();
    }
  });

  it('refuses new probes after close()', async () => {
    const pool = new ProbePool({ size: 1, timeoutSeconds: TIMEOUT_SECONDS });
    const taken = pool.probe(fixture('jfk.wav'));
    const queued = pool.probe(fixture('jfk.mp3'));
    await pool.close();
    await expect(taken).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(queued).rejects.toThrow('shut down');
    await expect(pool.probe(fixture('jfk.wav'))).rejects.toThrow('shut down');
  });
});

describe('uploads whose probe overruns (API)', () => {
  const env = {
    EMBEDDED_WORKERS: 'false',
    MAX_AUDIO_SECONDS: String(MAX_AUDIO_SECONDS),
    PROBE_CONCURRENCY: '2',
    PROBE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    PROBE_TIMEOUTS_PER_ACCOUNT: '2',
  };
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer(env);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 422 probe_timeout to its sender while another user’s upload is accepted', async () => {
    const [slowUser, otherUser] = await Promise.all([customer(server, 100), customer(server, 100)]);
    const [refused, accepted] = await Promise.all([
      submit(server, slowUser, {}, slow),
      submit(server, otherUser, {}, fixture('jfk.wav')),
    ]);
    expect(accepted.status).toBe(202);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('probe_timeout');
    expect(refused.body.message).toBe(
      `The file took too long to read (over ${TIMEOUT_SECONDS} s); it may be damaged or in an unusual format`,
    );
    // The pool is whole again: the same user's next upload is probed and accepted.
    expect((await submit(server, slowUser, {}, fixture('jfk.mp3'))).status).toBe(202);
  });

  it("keeps an account's slow files to one probe at a time: another account's upload answers first", async () => {
    const [attacker, other] = await Promise.all([customer(server, 100), customer(server, 100)]);
    const answered: string[] = [];
    const sent = (name: string, res: Promise<ApiResponse>) =>
      res.then((r) => {
        answered.push(name);
        return r;
      });
    const slowOnes = [1, 2].map((n) => sent(`slow${n}`, submit(server, attacker, {}, slow)));
    await sleep(500); // both of the attacker's are staged and waiting for a probe
    const accepted = await sent('other', submit(server, other, {}, fixture('jfk.wav')));
    expect(accepted.status).toBe(202);
    expect(answered).toEqual(['other']);
    expect((await Promise.all(slowOnes)).map((r) => r.body.code)).toEqual([
      'probe_timeout',
      'probe_timeout',
    ]);
    // Two overruns in ten minutes (PROBE_TIMEOUTS_PER_ACCOUNT here): the next is refused at once.
    const refused = await submit(server, attacker, {}, fixture('jfk.wav'));
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses an endless file with no stated length as too long (413), not by the time limit', async () => {
    const who = await customer(server, 100);
    for (const file of [endless, endlessUntimed, silent]) {
      const res = await submit(server, who, {}, file);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        413,
        'audio_too_long',
        `Audio is at least ${MAX_AUDIO_SECONDS + 1} s long; the limit is 2 h (${MAX_AUDIO_SECONDS} s)`,
      ]);
    }
  });
});

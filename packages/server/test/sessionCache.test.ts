import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from '../src/auth/sessionCache.js';

const session = (sessionId: string, userId: string): CachedSession => ({
  sessionId,
  user: {
    id: userId,
    name: 'Ada',
    email: `${userId}@example.com`,
    createdAt: '2026-01-01T00:00:00.000Z',
    emailVerified: true,
    hasPassword: true,
    googleLinked: false,
    defaultModel: null,
    defaultLanguage: null,
    fallbackLanguage: null,
    keepAudioDays: null,
    keepTranscriptsDays: null,
  },
  expiresAt: Number.MAX_SAFE_INTEGER,
});

/** A cache on a clock the test moves by hand. */
function cacheAt(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const cache = new SessionCache({
    ttlMs: options.ttlMs ?? 5_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock.now,
  });
  const put = (tokenHash: string, entry: CachedSession) =>
    cache.store(tokenHash, entry, cache.beginRead());
  return { cache, clock, put };
}

describe('session cache', () => {
  it('answers for a read until the TTL since the read began has passed, then asks again', () => {
    const { cache, clock } = cacheAt({ ttlMs: 5_000 });
    const ticket = cache.beginRead();
    clock.now += 1_000; // the database read took a second
    cache.store('a', session('s1', 'u1'), ticket);
    clock.now += 3_999;
    expect(cache.get('a')?.sessionId).toBe('s1');
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a token, and every session of a user, at once', () => {
    const { cache, put } = cacheAt();
    put('a', session('s1', 'u1'));
    put('b', session('s2', 'u1'));
    put('c', session('s3', 'u2'));
    cache.forgetToken('c');
    expect(cache.get('c')).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops a read that a forget overtook, so a revoked session is not put back', () => {
    const { cache, put } = cacheAt();
    const ticket = cache.beginRead();
    cache.forgetUser('u1');
    cache.store('a', session('s1', 'u1'), ticket);
    expect(cache.get('a')).toBeUndefined();
    put('a', session('s1', 'u1'));
    expect(cache.get('a')?.sessionId).toBe('s1');
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const { cache, put } = cacheAt({ maxEntries: 2 });
    put('a', session('s1', 'u1'));
    put('b', session('s2', 'u2'));
    expect(cache.get('a')?.sessionId).toBe('s1');
    put('c', session('s3', 'u3'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.sessionId).toBe('s1');
    expect(cache.get('c')?.sessionId).toBe('s3');
  });
});

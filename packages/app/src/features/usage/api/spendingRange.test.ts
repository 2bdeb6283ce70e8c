import { afterEach, describe, expect, it, vi } from 'vitest';
import { spendingRange } from './spendingRange';

const LA = 'America/Los_Angeles';

describe('spendingRange', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('goes back 7, 30 or 90 days and ends today', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(spendingRange('7d', now, 'UTC')).toEqual({
      from: '2026-11-13',
      to: '2026-11-20',
      tz: 'UTC',
    });
    expect(spendingRange('30d', now, 'UTC')).toMatchObject({
      from: '2026-10-21',
      to: '2026-11-20',
    });
    expect(spendingRange('90d', now, 'UTC')).toMatchObject({
      from: '2026-08-22',
      to: '2026-11-20',
    });
  });

  it('crosses year and month boundaries', () => {
    expect(spendingRange('7d', new Date('2027-01-03T23:59:59Z'), 'UTC')).toMatchObject({
      from: '2026-12-27',
      to: '2027-01-03',
    });
    expect(spendingRange('30d', new Date('2026-03-01T00:00:00Z'), 'UTC')).toMatchObject({
      from: '2026-01-30',
      to: '2026-03-01',
    });
  });

  it('ends on the local day around midnight, not the UTC one', () => {
    // 03:00 UTC on November 21 is 19:00 on November 20 in Los Angeles.
    expect(spendingRange('7d', new Date('2026-11-21T03:00:00Z'), LA)).toEqual({
      from: '2026-11-13',
      to: '2026-11-20',
      tz: LA,
    });
    // 07:59 UTC is still 23:59 the day before; 08:00 UTC is local midnight.
    expect(spendingRange('7d', new Date('2026-11-21T07:59:59Z'), LA).to).toBe('2026-11-20');
    expect(spendingRange('7d', new Date('2026-11-21T08:00:00Z'), LA).to).toBe('2026-11-21');
    // 12:00 UTC on November 20 is 01:00 on November 21 in Auckland (UTC+13).
    expect(spendingRange('7d', new Date('2026-11-20T12:00:00Z'), 'Pacific/Auckland')).toEqual({
      from: '2026-11-14',
      to: '2026-11-21',
      tz: 'Pacific/Auckland',
    });
  });

  it('counts calendar days, not 24-hour steps, across a change of daylight saving time', () => {
    // 00:30 on March 9 in Los Angeles (PDT); seven days back is March 2 although March 8 had only
    // 23 hours, and 00:30 on March 2 was 23:30 on March 1 seven 24-hour days ago.
    expect(spendingRange('7d', new Date('2026-03-09T07:30:00Z'), LA)).toMatchObject({
      from: '2026-03-02',
      to: '2026-03-09',
    });
    // 23:30 on March 8 (PDT) is already March 9 in UTC.
    expect(spendingRange('7d', new Date('2026-03-09T06:30:00Z'), LA)).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-08',
    });
  });

  it('uses the runtime’s time zone by default and tells the server', () => {
    vi.stubEnv('TZ', LA);
    expect(spendingRange('30d', new Date('2026-11-21T03:00:00Z'))).toEqual({
      from: '2026-10-21',
      to: '2026-11-20',
      tz: LA,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { spendingRange } from './spendingRange';

const now = new Date('2026-11-20T12:00:00Z');

describe('spendingRange', () => {
  it('goes back 7, 30 or 90 days and ends today', () => {
    expect(spendingRange('7d', now)).toEqual({ from: '2026-11-13', to: '2026-11-20' });
    expect(spendingRange('30d', now)).toEqual({ from: '2026-10-21', to: '2026-11-20' });
    expect(spendingRange('90d', now)).toEqual({ from: '2026-08-22', to: '2026-11-20' });
  });

  it('crosses year boundaries and counts days in UTC', () => {
    expect(spendingRange('7d', new Date('2027-01-03T23:59:59Z'))).toEqual({
      from: '2026-12-27',
      to: '2027-01-03',
    });
    expect(spendingRange('30d', new Date('2026-03-01T00:00:00Z'))).toEqual({
      from: '2026-01-30',
      to: '2026-03-01',
    });
  });
});

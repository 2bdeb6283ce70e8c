import { describe, expect, it } from 'vitest';
import { limitDollars, limitMicros } from './monthlyLimit';

describe('monthly limit in dollars', () => {
  it('is sent in whole cents as micro-dollars; nothing typed is no limit', () => {
    expect(limitMicros('20.5')).toBe(20_500_000);
    expect(limitMicros('0.004')).toBe(0);
    expect(limitMicros('  ')).toBeNull();
    expect(limitDollars(20_500_000)).toBe('20.5');
    expect(limitDollars(null)).toBe('');
  });

  it('never sends a number JSON would write as null (which removes the limit)', () => {
    for (const typed of ['1e400', '-1e400'])
      expect(JSON.stringify({ limit: limitMicros(typed) })).not.toBe('{"limit":null}');
  });
});

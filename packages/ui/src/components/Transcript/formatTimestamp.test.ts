import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './formatTimestamp';

describe('formatTimestamp', () => {
  it.each([
    [0, '00:00'],
    [5.9, '00:05'],
    [65, '01:05'],
    [4503, '75:03'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
  ])('%s s → %s', (seconds, expected) => expect(formatTimestamp(seconds)).toBe(expected));
});

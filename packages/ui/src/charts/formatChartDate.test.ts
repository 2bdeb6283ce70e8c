import { describe, expect, it } from 'vitest';
import { formatChartDate, sparseTicks } from './formatChartDate';

describe('chart formatting', () => {
  it('formats calendar dates in UTC', () => {
    expect(formatChartDate('2026-11-01')).toBe('Nov 1');
    expect(formatChartDate('2026-12-31')).toBe('Dec 31');
    expect(formatChartDate('not a date')).toBe('not a date');
  });

  it('thins ticks evenly and keeps the last', () => {
    expect(sparseTicks([1, 2, 3], 7)).toEqual([1, 2, 3]);
    const ticks = sparseTicks(
      Array.from({ length: 30 }, (_, i) => i),
      7,
    );
    expect(ticks.length).toBeLessThanOrEqual(7);
    expect(ticks.at(-1)).toBe(29);
    expect(ticks).toEqual([4, 9, 14, 19, 24, 29]);
  });
});

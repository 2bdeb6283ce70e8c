import { describe, expect, test } from 'vitest';
import { formatUsd } from '@parlance/contract/money';
import { estimateCostMicros } from './estimate';

describe('estimateCostMicros', () => {
  test('minutes × rate, exact to the micro-dollar', () => {
    expect(estimateCostMicros(60, 120_000)).toBe(120_000);
    expect(estimateCostMicros(600, 120_000)).toBe(1_200_000);
    expect(estimateCostMicros(1000, 720_000)).toBe(12_000_000);
    expect(formatUsd(estimateCostMicros(1, 120_000))).toBe('$0.002');
  });

  test('a fraction of a minute costs its share, rounded up to the micro-dollar only', () => {
    // 11 s of tiny.en: 366.67 µ$ → $0.000367, as the server charges it (not a whole cent).
    expect(estimateCostMicros(11 / 60, 120_000)).toBe(367);
    // 0.01 min = 0.6 s of large-v3 at 200 µ$/s.
    expect(estimateCostMicros(0.01, 720_000)).toBe(120);
  });

  test('no audio, negative or invalid input costs nothing', () => {
    expect(estimateCostMicros(0, 720_000)).toBe(0);
    expect(estimateCostMicros(-5, 720_000)).toBe(0);
    expect(estimateCostMicros(Number.NaN, 720_000)).toBe(0);
  });
});

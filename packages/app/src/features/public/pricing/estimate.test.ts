import { describe, expect, test } from 'vitest';
import { estimateCostCents, formatPerMinute, formatUsd } from './estimate';

describe('estimateCostCents', () => {
  test('minutes × rate, rounded up to the cent', () => {
    expect(estimateCostCents(60, 12)).toBe(12);
    expect(estimateCostCents(100, 12)).toBe(20);
    expect(estimateCostCents(1, 12)).toBe(1);
    expect(estimateCostCents(1000, 72)).toBe(1200);
  });

  test('partial seconds count as started seconds', () => {
    // 0.01 min = 0.6 s → 1 s → 72/3600 ¢ → 1 ¢
    expect(estimateCostCents(0.01, 72)).toBe(1);
  });

  test('no audio, negative or invalid input costs nothing', () => {
    expect(estimateCostCents(0, 72)).toBe(0);
    expect(estimateCostCents(-5, 72)).toBe(0);
    expect(estimateCostCents(Number.NaN, 72)).toBe(0);
  });
});

describe('formatting', () => {
  test('formatUsd shows dollars and cents', () => {
    expect(formatUsd(1234)).toBe('$12.34');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });

  test('formatPerMinute keeps the significant digits of sub-cent prices', () => {
    expect(formatPerMinute(12 / 6000)).toBe('$0.002');
    expect(formatPerMinute(18 / 6000)).toBe('$0.003');
    expect(formatPerMinute(72 / 6000)).toBe('$0.012');
    expect(formatPerMinute(0.25)).toBe('$0.25');
  });
});

import { expect, it } from 'vitest';
import { valueTicks } from './valueTicks';

it.each([
  // The dark-mode bug: a 4.6 bar over a top tick of 4.
  [4.6, { whole: true }, [0, 2, 4, 6]],
  [342.5, { whole: true }, [0, 100, 200, 300, 400]],
  [3, { whole: true }, [0, 1, 2, 3]],
  [0.4, { whole: true }, [0, 1]],
  [0.0603, {}, [0, 0.02, 0.04, 0.06, 0.08]],
  [12, {}, [0, 5, 10, 15]],
  [0.3, {}, [0, 0.1, 0.2, 0.3]],
  [0, {}, [0]],
])('ticks for data up to %s (%o): %o', (max, options, ticks) => {
  expect(valueTicks(max, options)).toEqual(ticks);
});

it('tops every maximum, in at most 4 even steps of distinct values', () => {
  for (let max = 0.001; max < 1e6; max *= 1.37) {
    for (const whole of [false, true]) {
      const ticks = valueTicks(max, { whole });
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(new Set(ticks).size).toBe(ticks.length);
      if (whole) expect(ticks.every(Number.isInteger)).toBe(true);
    }
  }
});

import { describe, expect, it } from 'vitest';
import { centsToMicros, dollarsToMicros, microsToCents } from '../src/billing/money.js';
import {
  formatUsd,
  formatUsdPerMinute,
  MODELS,
  priceForSeconds,
  rateTable,
  secondsAffordable,
  type ModelName,
} from '@parlance/contract/money';

describe('priceForSeconds', () => {
  it('charges the exact length of the audio, rounded up to a whole micro-dollar only', () => {
    expect(priceForSeconds('tiny.en', 11)).toBe(367); // 366.67 µ$, not a whole cent
    expect(priceForSeconds('tiny.en', 330)).toBe(11_000); // 1.1 ¢, not 2 ¢
    expect(priceForSeconds('tiny.en', 0)).toBe(0);
    expect(priceForSeconds('tiny', 300)).toBe(10_000); // 5 min × $0.002
    expect(priceForSeconds('large-v3', 3600)).toBe(720_000);
    expect(priceForSeconds('medium.en', 1800)).toBe(240_000);
  });

  it('prices fractional seconds as decoded', () => {
    expect(priceForSeconds('tiny', 0.2)).toBe(7); // 6.67 µ$
    expect(priceForSeconds('base', 61.5)).toBe(3_075);
    expect(priceForSeconds('tiny', 11.005)).toBe(367); // 366.83
    expect(priceForSeconds('tiny', 11.01)).toBe(367); // exactly 367
    expect(priceForSeconds('tiny', 11.02)).toBe(368); // 367.33
  });

  it('does not round floating-point noise up to a micro-dollar', () => {
    // 0.27 × 120,000 / 3600 evaluates to 9.000000000000002 in floating point.
    expect(priceForSeconds('tiny', 0.27)).toBe(9);
    expect(priceForSeconds('tiny', 4.11)).toBe(137);
  });

  it('refuses a negative or non-finite duration', () => {
    expect(() => priceForSeconds('base', -1)).toThrow(RangeError);
    expect(() => priceForSeconds('base', Number.NaN)).toThrow(RangeError);
    expect(() => priceForSeconds('base', Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('secondsAffordable', () => {
  it('is the most whole seconds an amount pays for', () => {
    expect(secondsAffordable('tiny.en', 367)).toBe(11); // 11 s cost 367 µ$, 12 s 400 µ$
    expect(secondsAffordable('tiny.en', 366)).toBe(10);
    expect(secondsAffordable('tiny.en', 400)).toBe(12);
    expect(secondsAffordable('large-v3', 720_000)).toBe(3600);
    expect(secondsAffordable('large-v3', 5_000_000)).toBe(25_000);
  });

  it('agrees with priceForSeconds for every model and many amounts', () => {
    for (const model of MODELS as readonly ModelName[]) {
      for (let micros = 0; micros <= 3_000; micros += 7) {
        const seconds = secondsAffordable(model, micros);
        expect(priceForSeconds(model, seconds)).toBeLessThanOrEqual(micros);
        expect(priceForSeconds(model, seconds + 1)).toBeGreaterThan(micros);
      }
    }
  });

  it('stays exact for balances whose products leave the safe integer range', () => {
    const micros = Number.MAX_SAFE_INTEGER;
    const seconds = secondsAffordable('tiny', micros);
    const exact = (BigInt(micros) * 3600n) / 120_000n;
    expect(BigInt(seconds)).toBe(exact);
  });

  it('affords nothing with no money and refuses fractions of a micro-dollar', () => {
    expect(secondsAffordable('tiny', 0)).toBe(0);
    expect(secondsAffordable('tiny', 32)).toBe(0);
    expect(secondsAffordable('tiny', -500)).toBe(0);
    expect(() => secondsAffordable('tiny', 1.5)).toThrow(RangeError);
  });
});

describe('rate table', () => {
  it('lists every faster-whisper model in integer micro-dollars per hour, English-only flagged', () => {
    const rates = rateTable();
    expect(rates.map((r) => r.model)).toEqual([...MODELS]);
    expect(rates.filter((r) => r.englishOnly).map((r) => r.model)).toEqual([
      'tiny.en',
      'base.en',
      'small.en',
      'medium.en',
    ]);
    expect(rates.find((r) => r.model === 'tiny.en')).toMatchObject({
      microsPerHour: 120_000,
      usdPerMinute: 0.002,
    });
    expect(rates.find((r) => r.model === 'large-v3')).toMatchObject({
      microsPerHour: 720_000,
      usdPerMinute: 0.012,
    });
    expect(rates.every((r) => Number.isSafeInteger(r.microsPerHour) && r.microsPerHour > 0)).toBe(
      true,
    );
  });
});

describe('formatUsd', () => {
  it('shows the exact amount: two decimals at least, six at most, no trailing zeros past two', () => {
    expect(formatUsd(5_000_000)).toBe('$5.00');
    expect(formatUsd(367)).toBe('$0.000367');
    expect(formatUsd(4_999_633)).toBe('$4.999633');
    expect(formatUsd(12_340_000)).toBe('$12.34');
    expect(formatUsd(11_000)).toBe('$0.011');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('groups thousands, signs debits and keeps every digit of large amounts', () => {
    expect(formatUsd(1_234_560_000)).toBe('$1,234.56');
    expect(formatUsd(-500_000)).toBe('-$0.50');
    expect(formatUsd(-367)).toBe('-$0.000367');
    expect(formatUsd(9_007_199_254_740_991)).toBe('$9,007,199,254.740991');
  });

  it('leaves the cents off whole dollars only when asked (buttons and presets)', () => {
    expect(formatUsd(25_000_000, { wholeDollars: 'short' })).toBe('$25');
    expect(formatUsd(12_500_000, { wholeDollars: 'short' })).toBe('$12.50');
    expect(formatUsd(1_000_000_000, { wholeDollars: 'short' })).toBe('$1,000');
    expect(formatUsd(25_000_000)).toBe('$25.00');
  });

  it('shows every price of the list per minute, exactly', () => {
    expect(rateTable().map((rate) => formatUsdPerMinute(rate.microsPerHour))).toEqual(
      rateTable().map((rate) => `$${rate.usdPerMinute}`),
    );
    expect(formatUsdPerMinute(120_000)).toBe('$0.002');
    expect(formatUsdPerMinute(15_000_000)).toBe('$0.25');
  });

  it('refuses amounts that are not whole micro-dollars', () => {
    expect(() => formatUsd(0.5)).toThrow(RangeError);
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe('the card boundary', () => {
  it('turns the dollars a person types into micro-dollars, exactly', () => {
    expect(dollarsToMicros(20)).toBe(20_000_000);
    expect(dollarsToMicros(9.99)).toBe(9_990_000); // 9.99 × 100 = 998.9999999999999
    expect(dollarsToMicros(12.5)).toBe(12_500_000);
  });

  it('charges cards whole cents and refuses anything finer', () => {
    expect(microsToCents(20_000_000)).toBe(2000);
    expect(centsToMicros(2000)).toBe(20_000_000);
    expect(() => microsToCents(367)).toThrow(RangeError);
  });
});

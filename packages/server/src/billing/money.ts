/**
 * Money inside Parlance is integer micro-dollars (see contract/money.ts, which also formats it).
 * Whole cents exist only where cards are charged: a person types dollars and cents, and Stripe
 * and the test provider charge cents. These are the conversions at that boundary.
 */
import { formatUsd, MICROS_PER_USD } from '@parlance/contract/money';

export { formatUsd };

/** Micro-dollars as a plain decimal for spreadsheets: -711 → "-0.000711", 12.5 USD → "12.50". */
export const usdDecimal = (micros: number) =>
  formatUsd(micros).replace('$', '').replaceAll(',', '');

const MICROS_PER_CENT = MICROS_PER_USD / 100;

/** Cents (a card charge, an amount set in cents) → micro-dollars. */
export function centsToMicros(cents: number): number {
  return cents * MICROS_PER_CENT;
}

/** Dollars as typed by a person (20, 12.5, 9.99; validated to whole cents) → micro-dollars. */
export function dollarsToMicros(dollars: number): number {
  // 9.99 × 100 is 998.9999999999999: round to the whole cent the person typed first.
  return centsToMicros(Math.round(dollars * 100));
}

/** Credit → the card charge for it; only whole cents can be charged. */
export function microsToCents(micros: number): number {
  if (!Number.isSafeInteger(micros) || micros % MICROS_PER_CENT !== 0) {
    throw new RangeError(`A card is charged whole cents, not ${micros} µ$`);
  }
  return micros / MICROS_PER_CENT;
}

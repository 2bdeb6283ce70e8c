/** Money is always an integer number of US cents; these helpers are the only place it meets text. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 1234 → "$12.34", -500 → "-$5.00". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** Dollars as typed by a person (20, 12.5, 9.99; validated to whole cents) → cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The credit one purchase buys, in whole dollars: the server's schema and the billing form's hint. */
export const MIN_PURCHASE_DOLLARS = 5;
export const MAX_PURCHASE_DOLLARS = 1000;

/** The longest billing name (who receipts are made out to). */
export const MAX_BILLING_NAME_LENGTH = 200;

/** At most one auto top-up per account in this many minutes, however fast credit is spent. */
export const AUTO_TOP_UP_INTERVAL_MINUTES = 10;

/**
 * How often the server looks for auto top-ups that are due, low-balance alerts to send and
 * abandoned purchases: a balance falling below a threshold is acted on within this long.
 */
export const BALANCE_SWEEP_MS = 15_000;

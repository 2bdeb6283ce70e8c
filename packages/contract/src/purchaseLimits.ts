/** The credit one purchase buys, in whole dollars: the server's schema and the billing form's hint. */
export const MIN_PURCHASE_DOLLARS = 5;
export const MAX_PURCHASE_DOLLARS = 1000;

/** The longest billing name (who receipts are made out to). */
export const MAX_BILLING_NAME_LENGTH = 200;

import type { Database, Transaction } from '../db/index.js';

/** The database, or a transaction in which billing bookings should take part. */
export type BillingDb = Database | Transaction;

export interface Clock {
  now(): Date;
}

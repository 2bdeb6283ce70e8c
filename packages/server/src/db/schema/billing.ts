import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apiKeys, users } from './auth.js';
import { audioSource } from './transcription.js';

export const ledgerKind = pgEnum('ledger_kind', [
  'purchase',
  'usage',
  'refund',
  'adjustment',
  'signup_bonus',
  'dispute',
]);

export const paymentProviderKind = pgEnum('payment_provider', ['test', 'stripe']);

export const paymentStatus = pgEnum('payment_status', [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
]);

const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Money: integer micro-dollars (1 USD = 1,000,000). bigint, since int4 ends at $2,147. */
const micros = (name: string) => bigint(name, { mode: 'number' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/**
 * One row per user: the running balance (locked FOR UPDATE while booking), the Stripe customer,
 * and what the account owes: credit a refund or dispute took back after it had been spent. The
 * balance never goes negative; an account that owes anything starts no new jobs until a purchase
 * (or a won dispute) settles it.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: userId().primaryKey(),
    balanceMicros: micros('balance_micros').notNull().default(0),
    owedMicros: micros('owed_micros').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id').unique(),
    /** What the account may spend on transcription per calendar month (UTC); null: no limit. */
    monthlyLimitMicros: micros('monthly_limit_micros'),
    /** Auto top-up (both set, or both null: off): below the threshold, the default card pays the amount. */
    autoTopUpThresholdMicros: micros('auto_top_up_threshold_micros'),
    autoTopUpAmountMicros: micros('auto_top_up_amount_micros'),
    /** The last auto top-up charge started (one at a time, at most one per interval). */
    autoTopUpAttemptedAt: timestamp('auto_top_up_attempted_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** Why auto top-up turned itself off (its charge failed); null once set again. */
    autoTopUpFailure: text('auto_top_up_failure'),
    /** The name receipts are made out to; null: the account's name. */
    billingName: text('billing_name'),
    /** E-mail the owner when the balance falls below this; null: no alert. */
    lowBalanceAlertMicros: micros('low_balance_alert_micros'),
    /** The alert was sent since the balance last stood at or above it. */
    lowBalanceAlerted: boolean('low_balance_alerted').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('billing_accounts_balance_not_negative', sql`${t.balanceMicros} >= 0`),
    check('billing_accounts_owed_not_negative', sql`${t.owedMicros} >= 0`),
    check(
      'billing_accounts_auto_top_up_whole',
      sql`(${t.autoTopUpThresholdMicros} IS NULL) = (${t.autoTopUpAmountMicros} IS NULL)`,
    ),
  ],
);

/**
 * E-mail addresses (as SHA-256 of the normalised address, see billing/signupBonus.ts) that have
 * had the welcome bonus. Not tied to the user row: it outlives account deletion, so deleting and
 * registering again does not pay a second bonus.
 */
export const signupBonusClaims = pgTable('signup_bonus_claims', {
  emailHash: text('email_hash').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Append-only credit ledger. A (kind, reference) pair is booked at most once, so a job
 * (usage), a payment (purchase) or an account (signup_bonus) can never be counted twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    /** Insertion order, to list entries booked within the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: userId(),
    kind: ledgerKind('kind').notNull(),
    /** Signed: credits positive, debits negative. */
    amountMicros: micros('amount_micros').notNull(),
    balanceAfterMicros: micros('balance_after_micros').notNull(),
    /** Payment id, transcription id or user id, depending on kind. */
    reference: text('reference'),
    description: text('description').notNull(),
    /** Usage rows: seconds of audio charged and the model used. */
    audioSeconds: doublePrecision('audio_seconds'),
    model: text('model'),
    /** Usage rows: the API key that sent the job (monthly limits count by it); null from the app. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** Usage rows: the key's name when booked, so usage by key outlives the key; null from the app. */
    apiKeyName: text('api_key_name'),
    /** Usage rows: where the job's audio came from (a live stream is its own source). */
    audioSource: audioSource('audio_source'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('ledger_entries_kind_reference_key')
      .on(t.kind, t.reference)
      .where(sql`${t.kind} <> 'adjustment'`),
    check('ledger_entries_balance_not_negative', sql`${t.balanceAfterMicros} >= 0`),
  ],
);

/** Saved cards. Only display data is stored; the card itself lives with the provider. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    provider: paymentProviderKind('provider').notNull(),
    /** Stripe PaymentMethod id; for the test provider the id of the test card. */
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_provider_ref_key').on(t.provider, t.providerRef),
    uniqueIndex('payment_methods_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** A purchase attempt. Keeps a snapshot of the card so receipts survive deleting it. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    provider: paymentProviderKind('provider').notNull(),
    /** Stripe PaymentIntent id once created. */
    providerRef: text('provider_ref').unique(),
    /** What the card is charged: always whole cents (see billing/money.ts). */
    amountMicros: micros('amount_micros').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatus('status').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    paymentMethodId: text('payment_method_id'),
    methodBrand: text('method_brand'),
    methodLast4: text('method_last4'),
    /** Who the receipt is made out to, as the account stood when the purchase began. */
    billedToName: text('billed_to_name').notNull().default(''),
    billedToEmail: text('billed_to_email').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export const reversalKind = pgEnum('reversal_kind', ['refund', 'dispute']);
export const reversalState = pgEnum('reversal_state', ['taken', 'returned']);

/**
 * Refunds and disputes of purchases, one row per provider id (re_…, du_…): what their credit
 * taken back was, and whether the money came back. A reversal whose "returned" event arrives
 * first is recorded as returned with nothing taken, so the late "created" event books nothing.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    reference: text('reference').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: reversalKind('kind').notNull(),
    /** Taken back: at most what is left of the payment after its other reversals. */
    amountMicros: micros('amount_micros').notNull(),
    state: reversalState('state').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_reversals_payment_idx').on(t.paymentId)],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

import { integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail kept locally when no SMTP server is configured (development and tests). */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const erasureKind = pgEnum('erasure_kind', ['blob', 'payment_customer', 'upload']);

/**
 * What deleting an account leaves to remove outside the database: its audio in the blob store, its
 * resumable uploads and its customer at the payment provider. Written in the transaction that
 * deletes the account, and removed once erased, so a crash or an unreachable S3 or Stripe only
 * delays the erasure.
 */
export const pendingErasures = pgTable('pending_erasures', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: erasureKind('kind').notNull(),
  /** Blob key or the provider's customer id. */
  ref: text('ref').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

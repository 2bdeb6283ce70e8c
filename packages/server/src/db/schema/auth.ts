import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased and trimmed; unique. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  googleSubject: text('google_subject').unique(),
  defaultModel: text('default_model'),
  defaultLanguage: text('default_language'),
  /** The language for speech detected under a request's confidence threshold; null: English. */
  fallbackLanguage: text('fallback_language'),
  /**
   * How long the account keeps its transcripts' audio and its transcripts after each ends, in days;
   * null: audio until its transcript is deleted, transcripts until deleted (see retention.ts).
   */
  keepAudioDays: integer('keep_audio_days'),
  keepTranscriptsDays: integer('keep_transcripts_days'),
  /**
   * Signs this account's webhook deliveries (HMAC-SHA256). Made by the database, for new rows and
   * on rotation (`SET webhook_secret = DEFAULT`): 64 random hex digits from two UUIDv4s.
   */
  webhookSecret: text('webhook_secret')
    .notNull()
    .default(
      sql`('whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`,
    ),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token: a leaked table does not leak sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Sign-ups, one row per registration: the code mailed for it and the name and password chosen with
 * it. A code is taken only from the browser that registered (the row's id rides in a cookie) and
 * activates exactly that row's password, so whoever reads the mailbox only ever turns on a password
 * they typed themselves. Codes verify only accounts not verified yet: a row filed for an account that
 * already is (its owner got a notice, not the code) is never usable.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** What the registration chose; verification sets both on the account (null: no password). */
    name: text('name'),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('email_codes_user_id_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in lists so users can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    enabled: boolean('enabled').notNull().default(true),
    /** What requests with this key may spend per calendar month (UTC); null: no limit of its own. */
    monthlyLimitMicros: bigint('monthly_limit_micros', { mode: 'number' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_user_id_idx').on(table.userId)],
);

import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { contactMessages, sessions, users } from '../db/schema/index.js';
import { lockAccount } from '../billing/accounts.js';
import { formatUsd } from '../billing/money.js';
import { DomainError } from '../domainErrors.js';
import type { Erasures } from '../system/erasures.js';
import type { UserRow } from '../auth/users.js';

/** Name and transcription defaults; undefined when the account is gone. */
export async function updateProfile(
  db: Database,
  userId: string,
  profile: {
    name?: string | undefined;
    defaultModel?: string | null;
    defaultLanguage?: string | null;
    fallbackLanguage?: string | null;
    keepAudioDays?: number | null;
    keepTranscriptsDays?: number | null;
  },
): Promise<UserRow | undefined> {
  // A body that sets nothing changes nothing (an update needs a column to set).
  if (Object.values(profile).every((value) => value === undefined)) return undefined;
  const [user] = await db.update(users).set(profile).where(eq(users.id, userId)).returning();
  return user;
}

/** Sets the password hash and signs out every session but `keepSessionId`, together. */
export async function changePassword(
  db: Database,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
  });
}

/** A new webhook signing secret (made by the database); undefined when the account is gone. */
export async function rotateWebhookSecret(
  db: Database,
  userId: string,
): Promise<string | undefined> {
  const [user] = await db
    .update(users)
    .set({ webhookSecret: sql`DEFAULT` })
    .where(eq(users.id, userId))
    .returning({ webhookSecret: users.webhookSecret });
  return user?.webhookSecret;
}

/**
 * Deletes the account: its rows go with it (ON DELETE CASCADE), and what lives elsewhere (audio,
 * the payment customer) is recorded for erasure in the same transaction, then erased.
 */
export async function deleteAccount(
  db: Database,
  erasures: Erasures,
  userId: string,
): Promise<void> {
  const recorded = await db.transaction(async (tx) => {
    // Locking the row first makes a job submitted meanwhile wait, then fail on the missing user
    // (and remove its audio), instead of slipping in after its blob keys were collected.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // What a refunded or disputed payment left owed is settled first: deleting the account would
    // otherwise walk away from the debt (its hold and its Stripe customer go with it).
    const { owedMicros } = await lockAccount(tx, userId, new Date());
    if (owedMicros > 0)
      throw new DomainError(
        'account_owes',
        `${formatUsd(owedMicros)} is owed after a refunded or disputed payment. Add credit to settle it, then delete the account.`,
      );
    const ids = await erasures.record(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    return ids;
  });
  await erasures.run(recorded);
}

/** Keeps a message sent to support (before it is mailed). */
export async function saveContactMessage(
  db: Database,
  message: { name: string; email: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

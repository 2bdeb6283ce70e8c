import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { billingAccounts } from '../db/schema/billing.js';
import { billingMonth } from './monthlyLimits.js';
import { createLedger } from './ledger.js';

/** The account's monthly spending limit (null: none) and what its transcription cost this month. */
export async function monthlySpending(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ limitMicros: number | null; spentMicros: number }> {
  const [[account], spent] = await Promise.all([
    db
      .select({ limit: billingAccounts.monthlyLimitMicros })
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, userId)),
    createLedger(db).usageSince(userId, null, billingMonth(now).start),
  ]);
  return { limitMicros: account?.limit ?? null, spentMicros: spent.account };
}

/** Sets (or, with null, removes) the account's monthly spending limit. */
export async function setMonthlyLimit(
  db: Database,
  userId: string,
  limitMicros: number | null,
  now: Date,
): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ userId, monthlyLimitMicros: limitMicros, updatedAt: now })
    .onConflictDoUpdate({
      target: billingAccounts.userId,
      set: { monthlyLimitMicros: limitMicros, updatedAt: sql`excluded.updated_at` },
    });
}

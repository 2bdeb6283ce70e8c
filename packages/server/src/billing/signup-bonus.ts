import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/auth.js';
import { signupBonusClaims } from '../db/schema/billing.js';
import { loadBillingConfig } from './config.js';
import type { BillingDb, Clock } from './deps.js';
import { createLedger } from './ledger.js';
import { formatUsd } from './money.js';

/**
 * Who a bonus is counted against: the address lower-cased (users.email already is) with any
 * "+tag" dropped, since a+1@x and a+2@x reach one mailbox. Migration 0008 computes the same hash in
 * SQL for accounts that had the bonus before claims were recorded; the two must stay identical.
 */
export function bonusClaimHash(email: string): string {
  const address = email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
  return createHash('sha256').update(address, 'utf8').digest('hex');
}

/**
 * Credits the welcome bonus (SIGNUP_BONUS_CENTS, default $5.00; `amountMicros` in micro-dollars)
 * once per e-mail address, ever: call it wherever an account becomes verified. The claim outlives
 * the account, so deleting it and registering again books nothing; repeated calls book nothing.
 */
export async function grantSignupBonus(
  db: BillingDb,
  userId: string,
  amountMicros = loadBillingConfig().signupBonusMicros,
  clock?: Clock,
): Promise<void> {
  if (amountMicros <= 0) return;
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const claimed = await tx
      .insert(signupBonusClaims)
      .values({ emailHash: bonusClaimHash(user.email) })
      .onConflictDoNothing()
      .returning({ emailHash: signupBonusClaims.emailHash });
    if (claimed.length === 0) return;
    await createLedger(tx, clock).credit({
      kind: 'signup_bonus',
      userId,
      amountMicros,
      reference: userId,
      description: `Welcome bonus: ${formatUsd(amountMicros)} of free credit`,
    });
  });
}

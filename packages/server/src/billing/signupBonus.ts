import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/auth.js';
import { signupBonusClaims } from '../db/schema/billing.js';
import type { BillingDb, Clock } from './deps.js';
import { createLedger } from './ledger.js';
import { formatUsd } from './money.js';

/** Providers whose addresses ignore dots in the local part, and their one domain. */
const DOTLESS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * Who a bonus is counted against: the mailbox, not the spelling. The address is lower-cased
 * (users.email already is), a "+tag" is dropped (a+1@x and a+2@x reach one mailbox), and so are
 * the dots of a Gmail address (j.ohn@ and john@gmail.com, or @googlemail.com, are one inbox).
 * Migration 0008 computes the same hash in SQL for accounts that had the bonus before claims were
 * recorded; the two must stay identical (test/migrations.test.ts checks they agree).
 */
export function bonusClaimHash(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.indexOf('@');
  let local = address.slice(0, at).replace(/\+.*$/, '');
  let domain = address.slice(at + 1);
  const dotless = DOTLESS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return createHash('sha256').update(`${local}@${domain}`, 'utf8').digest('hex');
}

/**
 * Credits the welcome bonus (SIGNUP_BONUS_CENTS, default $5.00; `amountMicros` in micro-dollars)
 * once per e-mail address, ever: billing runs it on every `userVerified` event. The claim outlives
 * the account, so deleting it and registering again books nothing; repeated calls book nothing.
 */
export async function grantSignupBonus(
  db: BillingDb,
  userId: string,
  amountMicros: number,
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

import { loadBillingConfig } from './config.js';
import type { BillingDb, Clock } from './deps.js';
import { createLedger } from './ledger.js';
import { formatUsd } from './money.js';

/**
 * Credits the welcome bonus (SIGNUP_BONUS_CENTS, default $5.00) once per account: call it
 * wherever an account becomes verified; repeated calls book nothing more.
 */
export async function grantSignupBonus(
  db: BillingDb,
  userId: string,
  amountCents = loadBillingConfig().signupBonusCents,
  clock?: Clock,
): Promise<void> {
  if (amountCents <= 0) return;
  await createLedger(db, clock).credit({
    kind: 'signup_bonus',
    userId,
    amountCents,
    reference: userId,
    description: `Welcome bonus: ${formatUsd(amountCents)} of free credit`,
  });
}

import { loadBillingConfig } from './config.js';
import type { BillingDb, Clock } from './deps.js';
import { createLedger } from './ledger.js';
import { formatUsd } from './money.js';

/**
 * Credits the welcome bonus (SIGNUP_BONUS_CENTS, default $5.00; `amountMicros` in micro-dollars)
 * once per account: call it wherever an account becomes verified; repeated calls book nothing more.
 */
export async function grantSignupBonus(
  db: BillingDb,
  userId: string,
  amountMicros = loadBillingConfig().signupBonusMicros,
  clock?: Clock,
): Promise<void> {
  if (amountMicros <= 0) return;
  await createLedger(db, clock).credit({
    kind: 'signup_bonus',
    userId,
    amountMicros,
    reference: userId,
    description: `Welcome bonus: ${formatUsd(amountMicros)} of free credit`,
  });
}

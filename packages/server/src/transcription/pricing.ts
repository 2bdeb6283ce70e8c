import { formatUsd } from '../billing/money.js';
import type { SpendRoom } from '../billing/monthlyLimits.js';

/** The one wording of a refusal for lack of credit, at submission or at completion (micro-dollars). */
export function insufficientCreditsMessage(
  requiredMicros: number,
  balanceMicros: number,
  reservedMicros = 0,
): string {
  const reserved =
    reservedMicros > 0 ? `, ${formatUsd(reservedMicros)} of it held for jobs in progress` : '';
  return `Insufficient credits: this transcription costs ${formatUsd(requiredMicros)} but your balance is ${formatUsd(balanceMicros)}${reserved}.`;
}

/** The one wording of a refusal while a refund or dispute leaves money owed (micro-dollars). */
export function accountOnHoldMessage(owedMicros: number): string {
  return `Your account is on hold: a payment was refunded or disputed after its credit was spent, and ${formatUsd(owedMicros)} is owed. Add credit to settle it and transcribe again.`;
}

const SPEND_LIMIT_WHOSE = { key: "This API key's", account: "Your account's" } as const;
const SPEND_LIMIT_WORDS = ' monthly spending limit of ';

/** The one wording of a refusal at a monthly spending limit (the tighter of the account's and the key's). */
export function spendLimitMessage(room: SpendRoom, requiredMicros: number): string {
  const whose = SPEND_LIMIT_WHOSE[room.scope];
  const resets = room.resetsAt.toISOString().slice(0, 10);
  return `${whose}${SPEND_LIMIT_WORDS}${formatUsd(room.limitMicros)} is reached: ${formatUsd(room.usedMicros)} is spent or held for jobs in progress this month, and this transcription costs ${formatUsd(requiredMicros)}. The limit resets on ${resets} (UTC).`;
}

/** Whether a job's failure message is spendLimitMessage's (a job refused at a limit as it started). */
export function isSpendLimitMessage(message: string): boolean {
  return Object.values(SPEND_LIMIT_WHOSE).some((whose) =>
    message.startsWith(`${whose}${SPEND_LIMIT_WORDS}`),
  );
}

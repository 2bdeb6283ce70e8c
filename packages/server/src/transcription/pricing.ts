import { formatUsd } from '../billing/money.js';

/** The one wording of a refusal for lack of credit, at submission or at completion. */
export function insufficientCreditsMessage(
  requiredCents: number,
  balanceCents: number,
  reservedCents = 0,
): string {
  const reserved =
    reservedCents > 0 ? `, ${formatUsd(reservedCents)} of it held for jobs in progress` : '';
  return `Insufficient credits: this transcription costs ${formatUsd(requiredCents)} but your balance is ${formatUsd(balanceCents)}${reserved}.`;
}

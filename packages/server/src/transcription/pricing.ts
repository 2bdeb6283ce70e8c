import { formatUsd } from '../billing/money.js';

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

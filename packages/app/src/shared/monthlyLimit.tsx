import { MICROS_PER_USD } from '@parlance/contract/money';
import { TextField } from '@parlance/ui';

/** A monthly spending limit as the dollars typed for it ('' for none). */
export function limitDollars(micros: number | null): string {
  return micros === null ? '' : String(micros / MICROS_PER_USD);
}

/**
 * Dollars typed for a monthly spending limit, in whole cents as micro-dollars; null (no limit) for
 * nothing typed. The field is a number field: the browser refuses to submit other text, and the
 * server says what is wrong with a number it does not take (a negative one, one too large).
 */
export function limitMicros(dollars: string): number | null {
  if (dollars.trim() === '') return null;
  const micros = Math.round(Number(dollars) * 100) * (MICROS_PER_USD / 100);
  // JSON writes a number it cannot hold as null, which would remove the limit: send one the
  // server refuses instead ("at most $1,000,000").
  return Number.isFinite(micros) ? micros : Number.MAX_SAFE_INTEGER;
}

/** A field an amount of US dollars is typed in (a limit, a threshold, a charge). */
export function DollarsField({
  label,
  value,
  onChange,
  hint,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (dollars: string) => void;
  hint?: string;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="decimal"
      step="0.01"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
      error={error}
      autoFocus={autoFocus}
    />
  );
}

import { useId, type ReactNode } from 'react';
import { ErrorText, FieldLabel, FieldRoot, HintText } from './Field.styles';

/** The accessibility wiring a form control receives from its Field. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The control's id; generated when omitted. */
  id?: string;
  /** Hides the label visually while keeping it as the control's accessible name. */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, hint and error around one control, linked by id, aria-describedby and aria-invalid. */
export function Field({
  label,
  hint,
  error,
  id,
  hideLabel = false,
  className,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={controlId} $hidden={hideLabel}>
        {label}
      </FieldLabel>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && <HintText id={hintId}>{hint}</HintText>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldRoot>
  );
}

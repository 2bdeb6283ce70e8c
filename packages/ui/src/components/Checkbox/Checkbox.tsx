import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { CheckIcon } from '../../icons';
import { Below, Box, BoxWrap, CheckboxLabel, CheckboxRoot, Mark } from './Checkbox.styles';

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'size'
> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with a custom box, a label, and optional hint and error. */
export function Checkbox({ label, hint, error, id, className, disabled, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <CheckboxRoot className={className}>
      <BoxWrap>
        <Box
          type="checkbox"
          id={inputId}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...rest}
        />
        <Mark aria-hidden="true">
          <CheckIcon strokeWidth={3} />
        </Mark>
      </BoxWrap>
      <CheckboxLabel htmlFor={inputId} $disabled={Boolean(disabled)}>
        {label}
      </CheckboxLabel>
      {hint && (
        <Below id={hintId} $tone="muted">
          {hint}
        </Below>
      )}
      {error && (
        <Below id={errorId} $tone="danger">
          {error}
        </Below>
      )}
    </CheckboxRoot>
  );
}

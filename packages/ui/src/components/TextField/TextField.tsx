import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from '../../internal/Field';
import { ControlRow, EndAdornment, StartAdornment, StyledInput } from './TextField.styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Help text under the field, linked with aria-describedby. */
  hint?: ReactNode;
  /** An error message: marks the input aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  hideLabel?: boolean;
  /** Decorative content inside the field, before the text (e.g. a search icon). */
  start?: ReactNode;
  /** Interactive content inside the field, after the text (e.g. a show-password button). */
  end?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with optional hint and error. */
export function TextField({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  start,
  end,
  type = 'text',
  ...rest
}: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      hideLabel={hideLabel}
      className={className}
    >
      {(control) => (
        <ControlRow>
          {start && <StartAdornment aria-hidden="true">{start}</StartAdornment>}
          <StyledInput
            type={type}
            $hasStart={Boolean(start)}
            $hasEnd={Boolean(end)}
            {...control}
            {...rest}
          />
          {end && <EndAdornment>{end}</EndAdornment>}
        </ControlRow>
      )}
    </Field>
  );
}

import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field } from '../../internal/Field';
import { StyledTextarea } from './Textarea.styles';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text input with optional hint and error. */
export function Textarea({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  rows = 4,
  ...rest
}: TextareaProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      hideLabel={hideLabel}
      className={className}
    >
      {(control) => <StyledTextarea rows={rows} {...control} {...rest} />}
    </Field>
  );
}

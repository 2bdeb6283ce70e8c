import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from '../../internal/Field';
import { ChevronDownIcon } from '../../icons';
import { Chevron, SelectRow, StyledSelect } from './Select.styles';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'size' | 'multiple'
> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  /** A first, empty option shown when nothing is chosen. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select, styled: the platform's own keyboard and screen-reader support. */
export function Select({
  label,
  options,
  hint,
  error,
  hideLabel,
  id,
  className,
  placeholder,
  ...rest
}: SelectProps) {
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
        <SelectRow>
          <StyledSelect {...control} {...rest}>
            {placeholder !== undefined && (
              <option value="" disabled>
                {placeholder}
              </option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </StyledSelect>
          <Chevron aria-hidden="true">
            <ChevronDownIcon />
          </Chevron>
        </SelectRow>
      )}
    </Field>
  );
}

import { useEffect, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../../icons';
import type { TextFieldProps } from '../TextField';
import { ClearButton, SearchField } from './SearchInput.styles';

export interface SearchInputProps extends Omit<
  TextFieldProps,
  'type' | 'start' | 'end' | 'value' | 'defaultValue' | 'onChange' | 'label' | 'ref'
> {
  /** Accessible name; hidden visually unless `hideLabel` is false. */
  label?: TextFieldProps['label'];
  value?: string;
  defaultValue?: string;
  /** Every keystroke. */
  onValueChange?: (value: string) => void;
  /** The settled query: after `debounceMs` of quiet, at once on Enter and on clear. */
  onSearch?: (query: string) => void;
  debounceMs?: number;
}

/** A search box with a clear button and an optional debounced `onSearch`. */
export function SearchInput({
  label = 'Search',
  hideLabel = true,
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  debounceMs = 300,
  onKeyDown,
  ...rest
}: SearchInputProps) {
  const [inner, setInner] = useState(defaultValue);
  const current = value ?? inner;
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const update = (next: string, immediate: boolean) => {
    if (value === undefined) setInner(next);
    onValueChange?.(next);
    if (!onSearch) return;
    clearTimeout(timer.current);
    if (immediate || debounceMs <= 0) onSearch(next);
    else timer.current = setTimeout(() => onSearch(next), debounceMs);
  };

  return (
    <SearchField
      {...rest}
      ref={inputRef}
      type="search"
      label={label}
      hideLabel={hideLabel}
      value={current}
      onChange={(event) => update(event.target.value, false)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter') update(current, true);
        if (event.key === 'Escape' && current) update('', true);
      }}
      start={<SearchIcon />}
      end={
        current && !rest.disabled ? (
          <ClearButton
            type="button"
            aria-label="Clear search"
            onClick={() => {
              update('', true);
              inputRef.current?.focus();
            }}
          >
            <CloseIcon />
          </ClearButton>
        ) : undefined
      }
    />
  );
}

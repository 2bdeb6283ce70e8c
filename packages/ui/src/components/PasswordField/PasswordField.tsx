import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../icons';
import { TextField, type TextFieldProps } from '../TextField';
import { ToggleButton } from './PasswordField.styles';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end'>;

/** A password input with a button that shows or hides the characters. */
export function PasswordField({
  disabled,
  autoComplete = 'current-password',
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      disabled={disabled}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      end={
        <ToggleButton
          type="button"
          disabled={disabled}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </ToggleButton>
      }
    />
  );
}

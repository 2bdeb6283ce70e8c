import { useId, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { SwitchLabel, SwitchRoot, Thumb, Track } from './Switch.styles';

export interface SwitchProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onChange' | 'role' | 'children'
> {
  /** Visible label; use `aria-label` instead when the context already says what it switches. */
  label?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

/** An on/off switch: a button with role="switch" and aria-checked. Controlled or uncontrolled. */
export function Switch({
  label,
  checked,
  defaultChecked = false,
  onCheckedChange,
  id,
  className,
  onClick,
  ...rest
}: SwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const [inner, setInner] = useState(defaultChecked);
  const on = checked ?? inner;
  return (
    <SwitchRoot className={className}>
      <Track
        type="button"
        role="switch"
        id={switchId}
        aria-checked={on}
        onClick={(event) => {
          onClick?.(event);
          if (checked === undefined) setInner(!on);
          onCheckedChange?.(!on);
        }}
        {...rest}
      >
        <Thumb />
      </Track>
      {label && <SwitchLabel htmlFor={switchId}>{label}</SwitchLabel>}
    </SwitchRoot>
  );
}

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import type { ButtonSize, ButtonVariant } from '../Button/Button.styles';
import { IconSlot, StyledIconButton } from './IconButton.styles';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label'
> {
  /** The button has no visible text, so its accessible name is required. */
  'aria-label': string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/** A Button with only an icon. The icon is decorative; the name comes from aria-label. */
export function IconButton({
  icon,
  variant = 'ghost',
  size = 'md',
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <StyledIconButton type={type} $variant={variant} $size={size} $fullWidth={false} {...rest}>
      <IconSlot aria-hidden="true">{icon}</IconSlot>
    </StyledIconButton>
  );
}

import type { ReactNode } from 'react';
import { CloseIcon, DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from '../../icons';
import { IconButton } from '../IconButton';
import { AlertRoot, Body, Content, Text, Title, type AlertVariant } from './Alert.styles';

const icons = {
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  danger: DangerIcon,
} as const;

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children: ReactNode;
  /** A call to action shown at the end, e.g. a Retry button. */
  action?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * An inline message. Danger and warning are announced at once (role="alert"); info and success
 * politely (role="status").
 */
export function Alert({
  variant = 'info',
  title,
  children,
  action,
  onDismiss,
  className,
}: AlertProps) {
  const VariantIcon = icons[variant];
  return (
    <AlertRoot
      $variant={variant}
      role={variant === 'danger' || variant === 'warning' ? 'alert' : 'status'}
      className={className}
    >
      <VariantIcon aria-hidden="true" />
      <Content>
        <Text>
          {title && <Title>{title}</Title>}
          <Body>{children}</Body>
        </Text>
        {action}
      </Content>
      {onDismiss && (
        <IconButton aria-label="Dismiss" icon={<CloseIcon />} size="sm" onClick={onDismiss} />
      )}
    </AlertRoot>
  );
}

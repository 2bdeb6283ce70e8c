import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import type { ToastPosition, ToastTransitionProps } from 'react-toastify';
import { CloseIcon, DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from '../../icons';
import { draggablePercentFor, toastWidthPx, TOAST_DURATION_MS, TOAST_LIMIT } from './rules';
import {
  Card,
  Close,
  Icon,
  Message,
  StyledContainer,
  Text,
  Title,
  type ToastVariant,
} from './Toast.styles';

const icons = {
  success: SuccessIcon,
  info: InfoIcon,
  warning: WarningIcon,
  destructive: DangerIcon,
} as const;

export interface ToastCardProps {
  variant: ToastVariant;
  message: ReactNode;
  title?: ReactNode;
  onClose?: () => void;
}

/** What a toast looks like. `toast.*` renders it inside the ToastViewport. */
export function ToastCard({ variant, message, title, onClose }: ToastCardProps) {
  const VariantIcon = icons[variant];
  return (
    <Card $variant={variant}>
      <Icon aria-hidden="true">
        <VariantIcon />
      </Icon>
      <Text>
        {title && <Title>{title}</Title>}
        <Message>{message}</Message>
      </Text>
      {onClose && (
        <Close type="button" aria-label="Dismiss notification" onClick={onClose}>
          <CloseIcon />
        </Close>
      )}
    </Card>
  );
}

/**
 * Starts the auto-dismiss timer on mount and unmounts at once on exit. react-toastify's CSS
 * transitions wait for `animationend`, which never fires when motion is off; the card's own
 * entry animation lives in its styles instead.
 */
function ToastTransition({ children, isIn, done, playToast }: ToastTransitionProps) {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => playToast(), []);
  useEffect(() => {
    if (!isIn) done();
  }, [isIn, done]);
  return <>{children}</>;
}

export interface ToastViewportProps {
  position?: ToastPosition;
}

/** Where toasts appear. Render once near the root of the app. */
export function ToastViewport({ position = 'bottom-right' }: ToastViewportProps) {
  const width =
    typeof window === 'undefined' ? toastWidthPx(Infinity) : toastWidthPx(window.innerWidth);
  return (
    <StyledContainer
      position={position}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      draggable
      draggableDirection="x"
      draggablePercent={draggablePercentFor(width)}
      closeButton={false}
      hideProgressBar
      icon={false}
      transition={ToastTransition}
      aria-label="Notifications"
    />
  );
}

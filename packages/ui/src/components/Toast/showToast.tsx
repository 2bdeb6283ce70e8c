import type { ReactNode } from 'react';
import { toast as toastify, type Id, type TypeOptions } from 'react-toastify';
import { ToastCard } from './Toast';
import type { ToastVariant } from './Toast.styles';

export interface ShowToastOptions {
  title?: ReactNode;
}

const types: Record<ToastVariant, TypeOptions> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  destructive: 'error',
};

/**
 * Shows one toast. With one toast visible at a time the newest wins: the visible toast is
 * dismissed and any waiting ones dropped, so the message on screen is always the latest.
 */
function show(variant: ToastVariant, message: ReactNode, { title }: ShowToastOptions = {}): Id {
  toastify.dismiss();
  toastify.clearWaitingQueue();
  const urgent = variant === 'destructive' || variant === 'warning';
  return toastify(
    ({ closeToast }) => (
      <ToastCard variant={variant} title={title} message={message} onClose={closeToast} />
    ),
    {
      type: types[variant],
      role: urgent ? 'alert' : 'status',
    },
  );
}

/** Fire toasts from anywhere; a `<ToastViewport />` shows them. */
export const toast = {
  success: (message: ReactNode, options?: ShowToastOptions) => show('success', message, options),
  info: (message: ReactNode, options?: ShowToastOptions) => show('info', message, options),
  warning: (message: ReactNode, options?: ShowToastOptions) => show('warning', message, options),
  destructive: (message: ReactNode, options?: ShowToastOptions) =>
    show('destructive', message, options),
  dismiss: (id?: Id) => toastify.dismiss(id),
};

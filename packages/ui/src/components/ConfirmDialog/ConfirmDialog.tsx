import { useRef, type ReactNode } from 'react';
import { Button } from '../Button';
import { Modal } from '../Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: red confirm button, and focus starts on Cancel. */
  variant?: 'default' | 'danger';
  /** The action is running: confirm shows busy, and the dialog cannot be dismissed. */
  busy?: boolean;
  container?: Element | null;
}

/** Asks before an action: a Modal with a message and Cancel / Confirm. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'default',
  busy = false,
  container,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const dismiss = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={dismiss}
      title={title}
      description={message}
      size="sm"
      container={container}
      closeOnBackdropClick={!busy}
      initialFocusRef={variant === 'danger' ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={dismiss} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={variant === 'danger' ? 'danger' : 'primary'}
            loading={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

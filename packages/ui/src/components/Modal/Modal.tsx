import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../icons';
import { focusableIn } from '../../internal/focus';
import { IconButton } from '../IconButton';
import {
  Body,
  Description,
  Dialog,
  Footer,
  Header,
  Overlay,
  Title,
  type ModalSize,
} from './Modal.styles';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** Labels the dialog. */
  title: ReactNode;
  /** Describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, right-aligned under the body. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Receives focus on open; otherwise the first focusable element in the body or footer. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnBackdropClick?: boolean;
  /** Where the dialog is portalled; document.body by default. */
  container?: Element | null;
}

/**
 * A modal dialog: portalled, role="dialog" with aria-modal, labelled by its title. Focus moves in
 * and is trapped, Escape closes, focus returns to the opener, and the page does not scroll behind.
 */
export function Modal({ open, container, ...props }: ModalProps) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<OpenModal {...props} />, container ?? document.body);
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdropClick = true,
}: Omit<ModalProps, 'open' | 'container'>) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const dialog = dialogRef.current;
    const first = bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined;
    (initialFocusRef?.current ?? first ?? dialog)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening: the focus target is chosen when the dialog appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const firstEl = focusable[0];
    const lastEl = focusable[focusable.length - 1];
    if (!firstEl || !lastEl) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === firstEl || active === dialogRef.current)) {
      event.preventDefault();
      lastEl.focus();
    } else if (!event.shiftKey && active === lastEl) {
      event.preventDefault();
      firstEl.focus();
    }
  };

  return (
    <Overlay
      onMouseDown={(event) => {
        if (closeOnBackdropClick && event.target === event.currentTarget) onClose();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        tabIndex={-1}
        $size={size}
        onKeyDown={onKeyDown}
      >
        <Header>
          <div>
            <Title id={`${id}-title`}>{title}</Title>
            {description && <Description id={`${id}-description`}>{description}</Description>}
          </div>
          <IconButton aria-label="Close dialog" icon={<CloseIcon />} size="sm" onClick={onClose} />
        </Header>
        <div ref={bodyRef}>
          {children && <Body>{children}</Body>}
          {footer && <Footer>{footer}</Footer>}
        </div>
      </Dialog>
    </Overlay>
  );
}

import {
  cloneElement,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type HTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Anchor, Bubble, type TooltipPlacement } from './Tooltip.styles';

type TriggerProps = HTMLAttributes<HTMLElement>;

export interface TooltipProps {
  /** Extra description of the trigger (it is not the trigger's name: give the trigger its own). */
  content: ReactNode;
  /** One focusable element, e.g. an IconButton. */
  children: ReactElement<TriggerProps>;
  placement?: TooltipPlacement;
  /** Starts visible (for documentation and snapshots). */
  defaultOpen?: boolean;
}

/**
 * A short description shown on hover and keyboard focus, hidden by Escape, and linked to the
 * trigger with aria-describedby so screen readers read it too.
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  defaultOpen = false,
}: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': [own['aria-describedby'], id].filter(Boolean).join(' '),
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(event);
      setOpen(true);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      setOpen(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      setOpen(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      setOpen(false);
    },
  });

  return (
    <Anchor>
      {trigger}
      <Bubble id={id} role="tooltip" hidden={!open} $placement={placement}>
        {content}
      </Bubble>
    </Anchor>
  );
}

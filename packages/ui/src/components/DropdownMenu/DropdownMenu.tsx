import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from '../../icons';
import { Button, type ButtonProps } from '../Button';
import { IconButton } from '../IconButton';
import { Item, Menu, Root, type MenuAlign } from './DropdownMenu.styles';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
}

export interface DropdownMenuProps {
  /** The trigger's text, or its accessible name when `icon` is given. */
  label: string;
  items: readonly MenuItem[];
  /** Renders an icon-only trigger (e.g. "More actions" with a dots icon). */
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
  align?: MenuAlign;
  /** Starts open (for documentation and snapshots). */
  defaultOpen?: boolean;
}

/**
 * The menu button pattern: Enter, Space or ArrowDown open the menu on its first item (ArrowUp on
 * its last), arrow keys, Home and End move, Enter or Space choose, Escape closes and returns focus
 * to the trigger, Tab or a click outside close it.
 */
export function DropdownMenu({
  label,
  items,
  icon,
  variant = 'secondary',
  align = 'start',
  defaultOpen = false,
}: DropdownMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const enabled = items
    .map((item, index) => (item.disabled ? -1 : index))
    .filter((index) => index >= 0);

  useEffect(() => {
    if (!open) return;
    const target =
      pendingFocus.current === 'last'
        ? enabled.at(-1)
        : pendingFocus.current === 'first'
          ? enabled[0]
          : undefined;
    pendingFocus.current = null;
    if (target !== undefined) itemRefs.current[target]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // Focus moves only when the menu opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    pendingFocus.current = where;
    if (open) itemRefs.current[(where === 'first' ? enabled[0] : enabled.at(-1)) ?? -1]?.focus();
    else setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space click the button, which opens the menu on its first item.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = enabled.indexOf(
      itemRefs.current.findIndex((el) => el === document.activeElement),
    );
    const move = (to: number | undefined) => {
      event.preventDefault();
      if (to !== undefined) itemRefs.current[to]?.focus();
    };
    if (event.key === 'ArrowDown') move(enabled[(current + 1) % enabled.length]);
    else if (event.key === 'ArrowUp')
      move(enabled[(current - 1 + enabled.length) % enabled.length]);
    else if (event.key === 'Home') move(enabled[0]);
    else if (event.key === 'End') move(enabled.at(-1));
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  const triggerProps = {
    ref: triggerRef,
    variant,
    id: `${id}-trigger`,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? `${id}-menu` : undefined,
    onClick: () => (open ? close(false) : openAt('first')),
    onKeyDown: onTriggerKeyDown,
  };

  return (
    <Root ref={rootRef}>
      {icon ? (
        <IconButton {...triggerProps} aria-label={label} icon={icon} />
      ) : (
        <Button {...triggerProps}>
          {label}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      )}
      {open && (
        <Menu
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-trigger`}
          $align={align}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <Item
              key={item.label}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={item.disabled}
              $danger={Boolean(item.danger)}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.icon && <span aria-hidden="true">{item.icon}</span>}
              {item.label}
            </Item>
          ))}
        </Menu>
      )}
    </Root>
  );
}

import type { ReactNode } from 'react';
import { InboxIcon } from '../../icons';
import {
  StateAction,
  StateDescription,
  StateIcon,
  StateRoot,
  StateTitle,
} from './EmptyState.styles';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative icon; defaults to an inbox. */
  icon?: ReactNode;
  /** A call to action, e.g. a Button. */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function EmptyState({
  title,
  description,
  icon = <InboxIcon />,
  action,
  headingLevel = 3,
  className,
}: EmptyStateProps) {
  return (
    <StateRoot className={className}>
      <StateIcon $tone="neutral" aria-hidden="true">
        {icon}
      </StateIcon>
      <StateTitle as={`h${headingLevel}`}>{title}</StateTitle>
      {description && <StateDescription>{description}</StateDescription>}
      {action && <StateAction>{action}</StateAction>}
    </StateRoot>
  );
}

import type { ReactNode } from 'react';
import { RefreshIcon, WarningIcon } from '../../icons';
import { Button } from '../Button';
import {
  StateAction,
  StateDescription,
  StateIcon,
  StateRoot,
  StateTitle,
} from '../EmptyState/EmptyState.styles';

export interface ErrorStateProps {
  /** What failed, e.g. the server's message or "Failed to load transcriptions". */
  message: ReactNode;
  title?: ReactNode;
  /** Shows a retry button that calls this. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Disables the retry button while a retry runs. */
  retrying?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function ErrorState({
  message,
  title = 'Something went wrong',
  onRetry,
  retryLabel = 'Try again',
  retrying = false,
  headingLevel = 3,
  className,
}: ErrorStateProps) {
  return (
    <StateRoot role="alert" className={className}>
      <StateIcon $tone="danger" aria-hidden="true">
        <WarningIcon />
      </StateIcon>
      <StateTitle as={`h${headingLevel}`}>{title}</StateTitle>
      <StateDescription>{message}</StateDescription>
      {onRetry && (
        <StateAction>
          <Button variant="secondary" icon={<RefreshIcon />} onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        </StateAction>
      )}
    </StateRoot>
  );
}

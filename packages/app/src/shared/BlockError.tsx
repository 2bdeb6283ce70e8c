import { ErrorState } from '@parlance/ui';
import type { Block } from './block';

/** A block that failed to load: its message and a Retry. */
export function BlockError({
  block,
  title = 'Could not load this section',
  headingLevel = 3,
}: {
  block: Block<unknown>;
  title?: string;
  /** 3 inside a titled card, 2 where the block has no heading above it. */
  headingLevel?: 2 | 3;
}) {
  return (
    <ErrorState
      title={title}
      message={block.error}
      onRetry={block.onRetry}
      retryLabel="Retry"
      retrying={block.retrying}
      headingLevel={headingLevel}
    />
  );
}

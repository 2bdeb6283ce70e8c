import type { ReactNode } from 'react';
import { Card, EmptyState } from '@parlance/ui';
import { Stack } from './PageHeader.styles';

/** A page of one thing (a transcript, a receipt) that this account has none of at this link. */
export function ResourceNotFound({
  back,
  title,
  description,
}: {
  /** The link back to the list the thing belongs to. */
  back: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <Stack>
      {back}
      <Card>
        <EmptyState title={title} description={description} headingLevel={2} />
      </Card>
    </Stack>
  );
}

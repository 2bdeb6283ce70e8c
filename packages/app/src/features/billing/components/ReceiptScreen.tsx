import type { Receipt } from '@parlance/contract';
import { Badge, Button, Card, Link, Skeleton } from '@parlance/ui';
import { paths } from '../../../paths';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { Download } from '../../../shared/Download.styles';
import { PageHeader } from '../../../shared/PageHeader';
import { Actions, Stack } from '../../../shared/PageHeader.styles';
import { ResourceNotFound } from '../../../shared/ResourceNotFound';
import { RouterLink } from '../../../shared/RouterLink';
import { Lines } from './ReceiptScreen.styles';

const STATUS = {
  succeeded: 'Paid',
  pending: 'Pending',
  requires_action: 'Awaiting confirmation',
  failed: 'Failed',
} as const;

export interface ReceiptScreenProps {
  receipt: Block<Receipt>;
  /** No such purchase of this account. */
  notFound: boolean;
  /** Where the paid receipt's PDF is downloaded. */
  pdfHref: string;
}

const back = (
  <Link href={paths.dashboard.billing.getHref()} linkComponent={RouterLink}>
    ← Billing
  </Link>
);

const paidAt = (iso: string) =>
  `${new Date(iso).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC`;

/** One purchase's receipt: what was paid, how, when and by whom; a PDF and print once paid. */
export function ReceiptScreen({ receipt, notFound, pdfHref }: ReceiptScreenProps) {
  if (notFound) {
    return (
      <ResourceNotFound
        back={back}
        title="Receipt not found"
        description="There is no purchase of this account with this reference."
      />
    );
  }
  const data = receipt.data;
  const paid = data?.status === 'succeeded';
  return (
    <Stack>
      {back}
      <PageHeader
        title={data ? `${data.amount} of credit` : undefined}
        actions={
          paid && (
            <Actions>
              <Download href={pdfHref} download>
                Download PDF
              </Download>
              <Button variant="secondary" size="sm" onClick={() => window.print()}>
                Print
              </Button>
            </Actions>
          )
        }
      />
      <Card>
        {receipt.error ? (
          <BlockError block={receipt} headingLevel={2} />
        ) : !data ? (
          <Skeleton height="16rem" />
        ) : (
          <Lines aria-label="Receipt">
            <dt>Amount</dt>
            <dd>
              {data.amount} {data.currency}
            </dd>
            <dt>Status</dt>
            <dd>
              <Badge tone={paid ? 'success' : 'warning'}>{STATUS[data.status]}</Badge>
            </dd>
            <dt>Paid with</dt>
            <dd>{data.method ?? '—'}</dd>
            <dt>Billed to</dt>
            <dd>{data.billedTo.name}</dd>
            <dt>E-mail</dt>
            <dd>{data.billedTo.email}</dd>
            <dt>Date</dt>
            <dd>{paidAt(data.date)}</dd>
            <dt>Payment reference</dt>
            <dd>{data.id}</dd>
            {data.transactionId && (
              <>
                <dt>Credit transaction</dt>
                <dd>{data.transactionId}</dd>
              </>
            )}
          </Lines>
        )}
      </Card>
    </Stack>
  );
}

import type { CreditTransaction } from '@parlance/contract';
import { billingPaths } from '@parlance/contract/endpoints';
import { Badge, Button, Card, Link, Table, type BadgeTone, type TableColumn } from '@parlance/ui';
import { paths } from '../../../paths';
import { RouterLink } from '../../../shared/RouterLink';
import type { Block } from '../../../shared/block';
import { Download } from '../../../shared/Download.styles';
import { relativeDate } from '../../../shared/timeDisplay';
import { More } from './CreditHistoryCard.styles';

export interface CreditHistoryCardProps {
  transactions: Block<CreditTransaction[]>;
  /** More entries may exist beyond those shown. */
  canShowMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
  now: Date;
}

const KIND: Record<CreditTransaction['kind'], { label: string; tone: BadgeTone }> = {
  purchase: { label: 'Purchase', tone: 'success' },
  usage: { label: 'Usage', tone: 'neutral' },
  refund: { label: 'Refund', tone: 'info' },
  dispute: { label: 'Dispute', tone: 'danger' },
  adjustment: { label: 'Adjustment', tone: 'warning' },
  signup_bonus: { label: 'Bonus', tone: 'primary' },
};

function columns(now: Date): TableColumn<CreditTransaction>[] {
  return [
    { key: 'date', header: 'Date', render: (row) => relativeDate(row.createdAt, now) },
    {
      key: 'kind',
      header: 'Type',
      render: (row) => <Badge tone={KIND[row.kind].tone}>{KIND[row.kind].label}</Badge>,
    },
    { key: 'description', header: 'Description' },
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      render: (row) => (row.amountMicros > 0 ? `+${row.amount}` : row.amount),
    },
    {
      key: 'receipt',
      header: 'Receipt',
      render: (row) =>
        row.receipt ? (
          <Link
            href={paths.dashboard.receipt.getHref(row.receipt.id)}
            linkComponent={RouterLink}
            variant="standalone"
            aria-label={`View receipt for ${row.amount}, ${relativeDate(row.createdAt, now)}`}
          >
            View
          </Link>
        ) : null,
    },
  ];
}

/** Purchases, usage charges and bonuses, newest first; ten at a time. */
export function CreditHistoryCard({
  transactions,
  canShowMore,
  loadingMore,
  onShowMore,
  now,
}: CreditHistoryCardProps) {
  return (
    <Card
      title="Credit history"
      actions={
        <Download
          href={billingPaths.creditHistoryCsv}
          download
          aria-label="Export CSV of every transaction"
        >
          Export CSV
        </Download>
      }
    >
      <Table
        caption="Credit transactions"
        hideCaption
        columns={columns(now)}
        rows={transactions.data ?? []}
        getRowKey={(row) => row.id}
        loading={transactions.loading}
        error={transactions.error ?? undefined}
        onRetry={transactions.onRetry}
        emptyMessage="No credit activity yet."
      />
      {canShowMore && !transactions.error && (
        <More>
          <Button variant="secondary" loading={loadingMore} onClick={onShowMore}>
            Show more
          </Button>
        </More>
      )}
    </Card>
  );
}

import type { Spending, SpendingSource } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import { Badge, Card, SegmentedControl, Table, type TableColumn } from '@parlance/ui';
import { SPENDING_RANGES, type SpendingRange } from '../api/spendingRange';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { SpendingChart } from './charts';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { formatDuration, relativeDate } from '../../../shared/timeDisplay';
import { Figure, Figures } from '../../../shared/Figures.styles';
import { Download } from '../../../shared/Download.styles';

type SpendingRow = Spending['transcriptions'][number];

export interface UsageScreenProps {
  range: SpendingRange;
  onRangeChange: (range: SpendingRange) => void;
  spending: Block<Spending>;
  /** The range's charged jobs as CSV. */
  exportHref: string;
  now: Date;
}

const RANGE_LABELS: Record<SpendingRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

/** Files and URLs, or a live stream: who sent it is the other half of a source. */
const kind = (row: { live: boolean }) =>
  row.live ? <Badge tone="info">Live</Badge> : <Badge tone="neutral">File</Badge>;

const SOURCE_COLUMNS: TableColumn<SpendingSource>[] = [
  { key: 'sender', header: 'Sent by' },
  { key: 'kind', header: 'Type', render: kind },
  { key: 'files', header: 'Jobs', align: 'end' },
  { key: 'minutes', header: 'Audio', align: 'end', render: (row) => `${row.minutes} min` },
  { key: 'cost', header: 'Cost', align: 'end' },
];

function columns(now: Date): TableColumn<SpendingRow>[] {
  return [
    { key: 'file', header: 'File', render: (row) => row.fileName ?? 'Unknown File' },
    { key: 'sender', header: 'Sent by' },
    { key: 'model', header: 'Model', render: (row) => row.model ?? '—' },
    {
      key: 'duration',
      header: 'Duration',
      align: 'end',
      render: (row) => formatDuration(row.audioSeconds),
    },
    { key: 'cost', header: 'Cost', align: 'end', render: (row) => row.cost },
    { key: 'date', header: 'Date', render: (row) => relativeDate(row.createdAt, now) },
  ];
}

/** Spending over 7, 30 or 90 days: totals, a daily chart and the charged transcriptions. */
export function UsageScreen({ range, onRangeChange, spending, exportHref, now }: UsageScreenProps) {
  const data = spending.data;
  const rangeControl = (
    <SegmentedControl
      aria-label="Spending range"
      options={SPENDING_RANGES.map((value) => ({ value, label: value }))}
      value={range}
      onChange={onRangeChange}
    />
  );
  return (
    <Stack>
      <PageHeader description="What you transcribed and what it cost." actions={rangeControl} />
      <Card title={`Spending, last ${RANGE_LABELS[range]}`}>
        {spending.error ? (
          <BlockError block={spending} />
        ) : (
          <>
            {data && (
              <Figures>
                <Figure>
                  <dt>Spent</dt>
                  <dd>{data.totals.cost}</dd>
                </Figure>
                <Figure>
                  <dt>Audio</dt>
                  <dd>{data.totals.minutes} min</dd>
                </Figure>
                <Figure>
                  <dt>Files</dt>
                  <dd>{data.totals.files}</dd>
                </Figure>
              </Figures>
            )}
            <SpendingChart
              data={data?.days ?? []}
              formatCost={formatUsd}
              loading={spending.loading}
            />
          </>
        )}
      </Card>
      <Card
        title="By source"
        description="Each API key, and the playground, with live streams apart from files."
      >
        <Table
          caption="Usage by source in this range"
          hideCaption
          columns={SOURCE_COLUMNS}
          rows={data?.sources ?? []}
          getRowKey={(row) => `${row.apiKeyId ?? row.sender}:${row.live}`}
          loading={spending.loading}
          error={spending.error ?? undefined}
          onRetry={spending.onRetry}
          emptyMessage="No key or playground usage in this range."
        />
      </Card>
      <Card
        title="Charged transcriptions"
        actions={
          <Download href={exportHref} download aria-label="Export CSV of this range's charged jobs">
            Export CSV
          </Download>
        }
      >
        <Table
          caption="Transcriptions charged in this range"
          hideCaption
          columns={columns(now)}
          rows={data?.transcriptions ?? []}
          getRowKey={(row) => row.id}
          loading={spending.loading}
          error={spending.error ?? undefined}
          onRetry={spending.onRetry}
          emptyMessage="Nothing charged in this range."
        />
      </Card>
    </Stack>
  );
}

import type { Spending } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import { Card, SegmentedControl, Table, type TableColumn } from '@parlance/ui';
import { SPENDING_RANGES, type SpendingRange } from '../api/spendingRange';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { SpendingChart } from './charts';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { formatDuration, relativeDate } from '../../../shared/timeDisplay';
import { Figure, Figures } from '../../../shared/Figures.styles';

type SpendingRow = Spending['transcriptions'][number];

export interface UsageScreenProps {
  range: SpendingRange;
  onRangeChange: (range: SpendingRange) => void;
  spending: Block<Spending>;
  now: Date;
}

const RANGE_LABELS: Record<SpendingRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

function columns(now: Date): TableColumn<SpendingRow>[] {
  return [
    { key: 'file', header: 'File', render: (row) => row.fileName ?? 'Unknown File' },
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
export function UsageScreen({ range, onRangeChange, spending, now }: UsageScreenProps) {
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
      <Card title="Charged transcriptions">
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

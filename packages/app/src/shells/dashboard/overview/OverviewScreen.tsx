import type {
  BillingInfo,
  TranscriptSummary,
  UsageChart as UsageChartData,
  UsageOverview,
} from '@parlance/contract';
import {
  BarChartIcon,
  Card,
  ClockIcon,
  CreditCardIcon,
  Link,
  StatCard,
  StatusPill,
  Table,
  type TableColumn,
  type Trend,
} from '@parlance/ui';
import { formatUsd } from '@parlance/contract/money';
import { paths } from '../../../paths';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { UsageChart } from '../../../features/usage/components/charts';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { RouterLink } from '../../../shared/RouterLink';
import { transcriptName } from '../../../features/transcripts/utils/transcriptDisplay';
import { formatDuration, relativeDate } from '../../../shared/timeDisplay';
import { StatGrid } from './OverviewScreen.styles';

export interface OverviewScreenProps {
  stats: Block<UsageOverview>;
  chart: Block<UsageChartData>;
  /** The balance: what a new account's welcome credit shows in. */
  billing: Block<BillingInfo>;
  recent: Block<TranscriptSummary[]>;
  now: Date;
}

/** The balance a stat card shows: down to the whole cent, never more than there is. */
const wholeCents = (micros: number) => Math.floor(micros / 10_000) * 10_000;

/** "+18% from last month" → up; "-5% …" → down; anything else neutral. */
function trendOf(change: string | undefined): Trend {
  if (change?.trim().startsWith('+')) return 'up';
  if (change?.trim().startsWith('-')) return 'down';
  return 'neutral';
}

function recentColumns(now: Date): TableColumn<TranscriptSummary>[] {
  return [
    {
      key: 'file',
      header: 'File',
      render: (row) => (
        <Link href={paths.dashboard.transcript.getHref(row.id)} linkComponent={RouterLink}>
          {transcriptName(row)}
        </Link>
      ),
    },
    { key: 'date', header: 'Date', render: (row) => relativeDate(row.createdAt, now) },
    { key: 'status', header: 'Status', render: (row) => <StatusPill status={row.status} /> },
    {
      key: 'duration',
      header: 'Duration',
      align: 'end',
      render: (row) => formatDuration(row.audio_duration),
    },
  ];
}

/**
 * Dashboard home: the balance, this month's stats, six months of usage and the latest
 * transcriptions.
 */
export function OverviewScreen({ stats, chart, billing, recent, now }: OverviewScreenProps) {
  const data = stats.data;
  const loading = stats.loading;
  return (
    <Stack>
      <PageHeader description="Your transcription activity this month at a glance." />
      {stats.error ? (
        <Card title="This month">
          <BlockError block={stats} />
        </Card>
      ) : (
        <StatGrid>
          <StatCard
            label="Balance"
            icon={<CreditCardIcon />}
            value={billing.data && formatUsd(wholeCents(billing.data.balanceMicros))}
            change="To the cent; exact on Billing"
            loading={billing.loading}
            error={billing.error ?? undefined}
          />
          <StatCard
            label="Total usage"
            icon={<ClockIcon />}
            value={data?.totalUsage.current}
            change={data?.totalUsage.change}
            trend={trendOf(data?.totalUsage.change)}
            loading={loading}
          />
          <StatCard
            label="Total cost"
            icon={<CreditCardIcon />}
            value={data?.totalCost.amount}
            change={data?.totalCost.period}
            loading={loading}
          />
          <StatCard
            label="Files transcribed"
            icon={<BarChartIcon />}
            value={data?.filesTranscribed.count}
            change={data?.filesTranscribed.change}
            trend={trendOf(data?.filesTranscribed.change)}
            loading={loading}
          />
        </StatGrid>
      )}
      <Card title="Usage" description="Minutes of audio transcribed per month, last six months">
        {chart.error ? (
          <BlockError block={chart} />
        ) : (
          <UsageChart data={chart.data ?? []} loading={chart.loading} />
        )}
      </Card>
      <Card
        title="Recent transcriptions"
        actions={
          <Link href={paths.dashboard.history.getHref()} linkComponent={RouterLink}>
            View all
          </Link>
        }
      >
        <Table
          caption="Your three latest transcriptions"
          hideCaption
          columns={recentColumns(now)}
          rows={recent.data ?? []}
          getRowKey={(row) => row.id}
          loading={recent.loading}
          skeletonRows={3}
          error={recent.error ?? undefined}
          onRetry={recent.onRetry}
          emptyMessage="No transcriptions yet. Try the playground to transcribe your first file."
        />
      </Card>
    </Stack>
  );
}

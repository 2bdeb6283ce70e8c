import type { TranscriptList, TranscriptSummary } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import {
  Card,
  Link,
  Pagination,
  SearchInput,
  Select,
  StatusPill,
  Table,
  type TableColumn,
} from '@parlance/ui';
import { paths } from '../../../paths';
import {
  TRANSCRIPT_STATUS_FILTERS,
  type TranscriptStatusFilter,
} from '../api/transcriptListParams';
import type { Block } from '../../../shared/block';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { RouterLink } from '../../../shared/RouterLink';
import { dateTime, formatDuration, relativeDateTime } from '../../../shared/timeDisplay';
import { transcriptName } from '../utils/transcriptDisplay';
import { Filters, Footer, RowDetail, RowNotice } from './HistoryScreen.styles';

export interface HistoryScreenProps {
  search: string;
  onSearch: (search: string) => void;
  status: TranscriptStatusFilter;
  onStatusChange: (status: TranscriptStatusFilter) => void;
  page: number;
  onPageChange: (page: number) => void;
  list: Block<TranscriptList>;
  now: Date;
}

const SOURCE_LABELS: Record<TranscriptSummary['source'], string> = {
  upload: 'Upload',
  url: 'URL',
  live: 'Live stream',
};

const STATUS_LABELS: Record<TranscriptStatusFilter, string> = {
  all: 'All statuses',
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Error',
};

/** When the row's audio goes by retention, or that it went: nothing when no limit applies. */
function audioFate(row: TranscriptSummary): string | null {
  if (row.audio_deleted_at) return 'Audio deleted';
  if (row.audio_delete_at) return `Audio until ${dateTime(row.audio_delete_at)}`;
  return null;
}

function columns(now: Date): TableColumn<TranscriptSummary>[] {
  return [
    {
      key: 'file',
      header: 'File',
      render: (row) => (
        <>
          <Link href={paths.dashboard.transcript.getHref(row.id)} linkComponent={RouterLink}>
            {transcriptName(row)}
          </Link>
          {row.notice && <RowNotice>{row.notice}</RowNotice>}
        </>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      render: (row) => {
        const fate = audioFate(row);
        return (
          <>
            {relativeDateTime(row.createdAt, now)}
            {fate && <RowDetail>{fate}</RowDetail>}
          </>
        );
      },
    },
    {
      key: 'source',
      header: 'Source',
      render: (row) => (
        <>
          {SOURCE_LABELS[row.source]}
          <RowDetail>{row.sender}</RowDetail>
        </>
      ),
    },
    { key: 'model', header: 'Model' },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <StatusPill
          status={row.status}
          percent={row.status === 'processing' ? row.progress.percent : undefined}
        />
      ),
    },
    {
      key: 'duration',
      header: 'Duration',
      align: 'end',
      render: (row) => formatDuration(row.audio_duration),
    },
    {
      key: 'cost',
      header: 'Cost',
      align: 'end',
      render: (row) => (row.costMicros === null ? '—' : formatUsd(row.costMicros)),
    },
  ];
}

/** Every transcription: search by file name, filter by status, ten per page. */
export function HistoryScreen({
  search,
  onSearch,
  status,
  onStatusChange,
  page,
  onPageChange,
  list,
  now,
}: HistoryScreenProps) {
  const data = list.data;
  const filtered = search !== '' || status !== 'all';
  return (
    <Stack>
      <PageHeader description="Every file you have sent us, newest first." />
      <Card>
        <Filters>
          <SearchInput
            label="Search transcriptions"
            placeholder="Search by file name"
            defaultValue={search}
            onSearch={onSearch}
          />
          <Select
            label="Status"
            hideLabel
            options={TRANSCRIPT_STATUS_FILTERS.map((value) => ({
              value,
              label: STATUS_LABELS[value],
            }))}
            value={status}
            onChange={(event) => onStatusChange(event.target.value as TranscriptStatusFilter)}
          />
        </Filters>
        <Table
          caption="Transcriptions"
          hideCaption
          columns={columns(now)}
          rows={data?.transcriptions ?? []}
          getRowKey={(row) => row.id}
          loading={list.loading}
          error={list.error ?? undefined}
          onRetry={list.onRetry}
          emptyMessage={
            filtered
              ? 'No transcriptions match these filters.'
              : 'No transcriptions yet. Send your first file from the playground.'
          }
        />
        {data && data.total > data.limit && (
          <Footer>
            <Pagination
              page={page}
              total={data.total}
              limit={data.limit}
              onPageChange={onPageChange}
              label="Transcription pages"
            />
          </Footer>
        )}
      </Card>
    </Stack>
  );
}

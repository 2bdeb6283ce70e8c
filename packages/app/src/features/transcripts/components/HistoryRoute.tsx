import { useSearchParams } from 'react-router-dom';
import {
  TRANSCRIPT_STATUS_FILTERS,
  type TranscriptStatusFilter,
} from '../api/transcriptListParams';
import { useListTranscriptionsQuery } from '../api/transcriptsApi';
import { toBlock } from '../../../shared/block';
import { LOAD_FALLBACKS } from '../../../shared/messages';
import { useNow } from '../../../shared/now';
import { HistoryScreen } from './HistoryScreen';

const isStatus = (value: string | null): value is TranscriptStatusFilter =>
  TRANSCRIPT_STATUS_FILTERS.some((status) => status === value);

/** Search, status and page live in the URL (?q=&status=&page=), so back and reload keep them. */
export function HistoryRoute() {
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const requestedStatus = params.get('status');
  const status = isStatus(requestedStatus) ? requestedStatus : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useListTranscriptionsQuery({ page, search, status });

  const update = (changes: { q?: string; status?: TranscriptStatusFilter; page?: number }) => {
    const next = { q: search, status, page, ...changes };
    const query: Record<string, string> = {};
    if (next.q) query.q = next.q;
    if (next.status !== 'all') query.status = next.status;
    if (next.page > 1) query.page = String(next.page);
    setParams(query);
  };

  return (
    <HistoryScreen
      now={now}
      search={search}
      onSearch={(q) => update({ q, page: 1 })}
      status={status}
      onStatusChange={(value) => update({ status: value, page: 1 })}
      page={page}
      onPageChange={(value) => update({ page: value })}
      list={toBlock(list, LOAD_FALLBACKS.transcriptions)}
    />
  );
}

export { HistoryRoute as Component };

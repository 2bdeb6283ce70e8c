import type { TranscriptStatus } from '@parlance/contract';
import {
  TRANSCRIPT_LIST_DEFAULT_LIMIT,
  TRANSCRIPT_LIST_FIRST_PAGE,
} from '@parlance/contract/endpoints';

/** The status filter of the history list: 'all' or one job state. */
export type TranscriptStatusFilter = 'all' | TranscriptStatus;
export const TRANSCRIPT_STATUS_FILTERS: readonly TranscriptStatusFilter[] = [
  'all',
  'queued',
  'processing',
  'completed',
  'error',
];

export interface TranscriptListArgs {
  page?: number;
  limit?: number;
  search?: string;
  status?: TranscriptStatusFilter;
}

/**
 * Query of GET /api/transcript/user: page (default 1), limit (default 10), search only when set,
 * status only when set and not 'all'.
 */
export function transcriptListParams(
  args: TranscriptListArgs = {},
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: args.page ?? TRANSCRIPT_LIST_FIRST_PAGE,
    limit: args.limit ?? TRANSCRIPT_LIST_DEFAULT_LIMIT,
  };
  const search = args.search?.trim();
  if (search) params.search = search;
  if (args.status && args.status !== 'all') params.status = args.status;
  return params;
}

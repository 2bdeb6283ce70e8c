import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '../store/errors';

/** One dashboard data block as a screen sees it: its own data, loading and error state, and a retry. */
export interface Block<T> {
  data: T | undefined;
  loading: boolean;
  /** The server's message or the block's fallback ("Failed to load stats"); null when loaded. */
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
}

interface QueryState<T> {
  /** The data of the current arguments (undefined while another range or page loads). */
  currentData?: T;
  isFetching: boolean;
  isError: boolean;
  error?: FetchBaseQueryError | SerializedError;
  refetch: () => unknown;
}

/**
 * An RTK Query hook's result as a block, with the block's fallback error message. A refresh keeps
 * the data on screen (a failed refresh keeps it too: refresh-all reports it in a toast); new
 * arguments (another range or page) show the loading state.
 */
export function toBlock<T>(query: QueryState<T>, fallback: string): Block<T> {
  const failed = query.isError && !query.isFetching && query.currentData === undefined;
  return {
    data: query.currentData,
    loading: query.currentData === undefined && query.isFetching,
    error: failed ? errorMessage(query.error, fallback) : null,
    retrying: query.isError && query.isFetching,
    onRetry: () => {
      query.refetch();
    },
  };
}

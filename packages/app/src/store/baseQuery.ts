import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';

export interface BaseQueryOptions {
  /** Where calls go: the page's own origin (the dev server and the API server proxy /api and /v1). */
  baseUrl?: string;
}

const browserOrigin = () => globalThis.location?.origin ?? 'http://localhost';

/**
 * fetchBaseQuery with the session cookie on every call and no timeout. Errors are returned
 * unchanged; what a 401 means for the session is decided in one place, `sessionExpiry`.
 */
export function createBaseQuery({ baseUrl = browserOrigin() }: BaseQueryOptions = {}): BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError
> {
  return fetchBaseQuery({ baseUrl, credentials: 'include' });
}

import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { paths } from '../paths';
import { shouldRedirectOn401 } from './redirectOn401';

export interface BaseQueryOptions {
  /** Where calls go: the page's own origin (the dev server and the API server proxy /api and /v1). */
  baseUrl?: string;
  /** The browser's current path, read when a 401 arrives. */
  currentPath?: () => string;
  /** Sends the browser to the sign-in page. */
  redirectToLogin?: () => void;
}

const browserOrigin = () => globalThis.location?.origin ?? 'http://localhost';

/**
 * fetchBaseQuery (session cookie on every call, no timeout) plus the 401 rule: a 401 sends the
 * browser to /login unless `shouldRedirectOn401` says otherwise. Every error is returned unchanged.
 */
export function createBaseQuery({
  baseUrl = browserOrigin(),
  currentPath = () => globalThis.location.pathname,
  redirectToLogin = () => globalThis.location.assign(paths.login.getHref()),
}: BaseQueryOptions = {}): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const fetchQuery = fetchBaseQuery({ baseUrl, credentials: 'include' });
  return async (args, api, extraOptions) => {
    const result = await fetchQuery(args, api, extraOptions);
    if (result.error?.status === 401 && shouldRedirectOn401(currentPath(), api.endpoint))
      redirectToLogin();
    return result;
  };
}

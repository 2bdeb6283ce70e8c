import {
  isRejectedWithValue,
  type Middleware,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { loginHref } from './signInReturn';
import { api } from '../store/api';
import { shouldRedirectOn401 } from '../store/redirectOn401';
import type { RootState } from '../store/rootReducer';
import { endSession } from './sessionApi';

export interface SessionExpiryOptions {
  /** The browser's current path, read when a 401 arrives. */
  currentPath?: () => string;
  /** Sends the browser to the sign-in page. */
  redirectToLogin?: () => void;
}

/** The endpoint of an API call the server answered with 401, or null for any other action. */
function unauthorizedEndpoint(action: unknown): string | null {
  if (!isRejectedWithValue(action) || !action.type.startsWith(`${api.reducerPath}/`)) return null;
  const status = (action.payload as { status?: unknown } | undefined)?.status;
  const endpoint = (action.meta as { arg?: { endpointName?: unknown } }).arg?.endpointName;
  return status === 401 && typeof endpoint === 'string' ? endpoint : null;
}

/**
 * The 401 rule (spec §2), for every call of the API slice: where `shouldRedirectOn401` says so, a
 * 401 ends the session on this client (the signed-out account's cached data is dropped before
 * anything else renders) and sends the browser to /login, to come back to this page once signed
 * in. Other errors pass through unchanged.
 */
export function sessionExpiry({
  currentPath = () => globalThis.location.pathname,
  redirectToLogin = () => globalThis.location.assign(loginHref(globalThis.location)),
}: SessionExpiryOptions = {}): Middleware<
  object,
  RootState,
  ThunkDispatch<RootState, unknown, UnknownAction>
> {
  return (store) => (next) => (action) => {
    const result = next(action);
    const endpoint = unauthorizedEndpoint(action);
    if (endpoint !== null && shouldRedirectOn401(currentPath(), endpoint)) {
      store.dispatch(endSession());
      redirectToLogin();
    }
    return result;
  };
}

import { useCallback } from 'react';
import type { User } from '@parlance/contract';
import { useLogoutMutation, useMeQuery } from './sessionApi';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  /** The signed-in user; null unless `status` is 'authenticated'. */
  user: User | null;
  /** Signs out on the server and ends the session here, even if the server call fails. */
  logout: () => Promise<void>;
}

/** What the session is derived from: the current-user query's state. */
export interface CurrentUserCheck {
  data?: User | null;
  isError: boolean;
  isUninitialized: boolean;
  isFetching: boolean;
}

/**
 * The session (spec §4): an error on the current-user check means unauthenticated, even while
 * RTK Query still holds the user of an earlier check; otherwise a user means authenticated, a
 * check under way (also the re-check after a sign-in) means loading, and no user unauthenticated.
 */
export function sessionStatus({
  data,
  isError,
  isUninitialized,
  isFetching,
}: CurrentUserCheck): AuthStatus {
  if (isError) return 'unauthenticated';
  if (data) return 'authenticated';
  return isUninitialized || isFetching ? 'loading' : 'unauthenticated';
}

export function useAuth(): AuthState {
  const check = useMeQuery();
  const [logoutCall] = useLogoutMutation();
  const logout = useCallback(async () => {
    await logoutCall();
  }, [logoutCall]);
  const status = sessionStatus(check);
  return { status, user: status === 'authenticated' ? (check.data ?? null) : null, logout };
}

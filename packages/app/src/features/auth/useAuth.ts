import { useCallback } from 'react';
import type { User } from '@parlance/server/contract';
import { useLogoutMutation, useMeQuery } from './sessionApi';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Signs out on the server and clears the local user, even if the server call fails. */
  logout: () => Promise<void>;
}

/**
 * The session: loading while the current-user call runs (also while it re-runs after a sign-in
 * with no user yet), authenticated with a user, unauthenticated with none or on an error.
 */
export function useAuth(): AuthState {
  const { data: user, isUninitialized, isFetching } = useMeQuery();
  const [logoutCall] = useLogoutMutation();
  const logout = useCallback(async () => {
    await logoutCall();
  }, [logoutCall]);
  const status: AuthStatus = user
    ? 'authenticated'
    : isUninitialized || isFetching
      ? 'loading'
      : 'unauthenticated';
  return { status, user: user ?? null, logout };
}

import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { MessageResponse, User, UserResponse } from '@parlance/contract';
import { authEndpoints } from '@parlance/contract/endpoints';
import { closeToasts } from '../shared/closeToasts';
import { api } from '../store/api';
import { request } from '../store/request';
import type { AppThunk, RootState } from '../store/rootReducer';
import { mayBeSignedIn } from './signedInHint';

/**
 * The session every page needs (the header shows it): the current user and sign-out. The sign-in
 * flows' calls are in authApi, loaded with their pages.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in user, or null once signed out locally or when the browser has no session. A
     * 401 here only means "signed out".
     */
    me: build.query<User | null, void>({
      async queryFn(_arg, { dispatch, getState }, _extra, baseQuery) {
        const result = await currentUser(baseQuery);
        if ('error' in result) return result;
        // Another account signed in on this browser since (in another tab: the cookie is shared).
        // Nothing the one shown had loaded may stay, not even for one render beside the new name:
        // the cache is emptied and the new user recorded in one step, before this answer lands.
        const shown = shownUser(getState() as RootState);
        if (shown && result.data && shown.id !== result.data.id) dispatch(endSession(result.data));
        return result;
      },
      providesTags: ['User'],
      // RTK Query keeps the last user when a re-check fails: a session that ended (signed out
      // everywhere, expired, or its hint cleared by a sign-out in another tab) must also drop what
      // that user had loaded.
      // Only the latest check decides: one begun before a sign-in (the cache was emptied since)
      // or overtaken by a newer check answers for a session that is no longer this tab's.
      async onQueryStarted(_, { dispatch, getCacheEntry, queryFulfilled, requestId }) {
        const hadUser = Boolean(getCacheEntry().data);
        const signedOut = await queryFulfilled.then(
          ({ data }) => !data,
          () => true,
        );
        if (hadUser && signedOut && getCacheEntry().requestId === requestId) dispatch(endSession());
      },
    }),
    /** Signs out on the server; the session ends on this client even when that call fails. */
    logout: build.mutation<MessageResponse, void>({
      query: () => request(authEndpoints.logout),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          console.error('Sign-out call failed; clearing the local session anyway', failure);
        }
        dispatch(endSession());
      },
    }),
  }),
});

export const { useMeQuery, useLogoutMutation } = sessionApi;

/** What the API's base query answers. */
export interface BaseAnswer {
  data?: unknown;
  error?: FetchBaseQueryError;
}

/** Without the signed-in hint there is no session: no call, and no 401 in the console. */
export async function currentUser(
  baseQuery: (arg: FetchArgs) => PromiseLike<BaseAnswer> | BaseAnswer,
): Promise<{ data: User | null } | { error: FetchBaseQueryError }> {
  if (!mayBeSignedIn()) return { data: null };
  const result = await baseQuery(request(authEndpoints.me));
  return result.error ? { error: result.error } : { data: (result.data as UserResponse).user };
}

export const shownUser = (state: RootState) => sessionApi.endpoints.me.select()(state).data ?? null;

/** Records `user` (null: nobody) as the session's, as if the current-user call had answered it. */
export const recordUser = (user: User | null) =>
  sessionApi.util.upsertQueryEntries([{ endpointName: 'me', arg: undefined, value: user }]);

/**
 * Drops the whole API cache and records "no user" in the same synchronous step: a screen rendering
 * in between would otherwise get the last user back from RTK Query's hooks, which fall back to
 * their last result while an entry is pending.
 */
function emptyCache(user: User | null = null): AppThunk {
  return (dispatch) => {
    dispatch(api.util.resetApiState());
    dispatch(recordUser(user));
  };
}

/**
 * Ends the session on this client — the one way every sign-out path goes (log out, sign out
 * everywhere, account deletion, a 401 on a non-public page, a failed session check), and the way
 * a session check that finds `next`, another account, signed in on this browser takes over.
 * Nothing the previous account loaded (stats, transcripts, billing…) survives to reach the next
 * one's screens, and a session that a failed sign-out call may have left valid is not taken up
 * again here (`recheckSession` adopts one only when another tab signs in). Its toasts close too
 * ("Welcome back, …" outlives a quick sign-out).
 */
export function endSession(next: User | null = null): AppThunk {
  return (dispatch) => {
    dispatch(emptyCache(next));
    closeToasts();
  };
}

/**
 * A sign-in (login, or the verified registration) started a session: it starts from an empty
 * cache, emptied before the new user is fetched and before any of their screens mount, even when
 * another account was still signed in on this tab.
 */
export function startSession(): AppThunk {
  return (dispatch) => {
    dispatch(emptyCache());
    void dispatch(
      sessionApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
  };
}

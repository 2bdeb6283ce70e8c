import type { MessageResponse, User, UserResponse } from '@parlance/server/contract';
import { sessionPaths } from '@parlance/server/endpoints';
import { api } from '../store/api';
import type { AppThunk } from '../store/rootReducer';
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
      // Without the signed-in hint there is no session: no call, and no 401 in the console.
      async queryFn(_arg, _api, _extra, baseQuery) {
        if (!mayBeSignedIn()) return { data: null };
        const result = await baseQuery(sessionPaths.me);
        return result.error
          ? { error: result.error }
          : { data: (result.data as UserResponse).user };
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
      query: () => ({ url: sessionPaths.logout, method: 'POST' }),
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

/**
 * Drops the whole API cache and records "no user" in the same synchronous step: a screen rendering
 * in between would otherwise get the last user back from RTK Query's hooks, which fall back to
 * their last result while an entry is pending.
 */
function emptyCache(): AppThunk {
  return (dispatch) => {
    dispatch(api.util.resetApiState());
    dispatch(
      sessionApi.util.upsertQueryEntries([{ endpointName: 'me', arg: undefined, value: null }]),
    );
  };
}

/**
 * Ends the session on this client — the one way every sign-out path goes (log out, sign out
 * everywhere, account deletion, a 401 on a non-public page, a failed session check). Nothing the
 * previous account loaded (stats, transcripts, billing…) survives to reach the next one's
 * screens, and the session check does not run again with a cookie that a failed sign-out call
 * may have left valid. Its toasts close too ("Welcome back, …" outlives a quick sign-out); they
 * live in the toast viewport's chunk, loaded lazily to keep react-toastify out of the first page.
 */
export function endSession(): AppThunk {
  return (dispatch) => {
    dispatch(emptyCache());
    // A chunk that cannot load (offline, a newer deploy) only leaves the toasts to time out.
    void import('../shared/Toasts')
      .then(({ dismissToasts }) => dismissToasts())
      .catch(() => undefined);
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

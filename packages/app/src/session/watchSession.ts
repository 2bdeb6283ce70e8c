import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { User } from '@parlance/contract';
import { api } from '../store/api';
import type { AppThunk } from '../store/rootReducer';
import type { AppStore } from '../store/store';
import { hearOtherTabs, tellOtherTabs } from './otherTabs';
import { currentUser, endSession, recordUser, shownUser } from './sessionApi';

/**
 * The background re-check's own endpoint (loaded with the store, not with the first page): in an
 * entry of its own, so that a failure to ask (offline, a server restarting) is not an error of the
 * session check, which would read as signed out.
 */
const backgroundApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessionCheck: build.query<User | null, void>({
      queryFn: (_arg, _api, _extra, baseQuery) => currentUser(baseQuery),
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * Brings this tab's session in line with the browser's (`watchSession`): ends it when the browser
 * has none (signed out elsewhere, expired), starts over with another account signed in elsewhere,
 * and, when `adopt` (another tab said it signed in), shows that account in a tab signed out. Only
 * the server saying "no session" ends one: a check that could not ask (a laptop waking before its
 * network, a server restarting) changes nothing, and the next focus asks again. A tab signed out
 * here never adopts the session by itself: its sign-out call may have failed, leaving the cookie.
 */
function recheckSession(adopt: boolean): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const check = await dispatch(
      backgroundApi.endpoints.sessionCheck.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    const shown = shownUser(getState());
    if (check.isError) {
      if (shown && (check.error as FetchBaseQueryError | undefined)?.status === 401)
        dispatch(endSession());
      return;
    }
    const user = check.data ?? null;
    if (shown && shown.id !== user?.id) dispatch(endSession(user));
    else if (!shown && user && adopt) dispatch(recordUser(user));
  };
}

/**
 * Keeps this tab's session true to the browser's: the other tabs are told whenever this one's
 * account changes (signed in, out, or another), and the session is checked again when another tab
 * says so, and when this tab comes back into view or focus (`recheckSession` says what each answer
 * does). Answers a function that stops watching.
 */
export function watchSession(store: AppStore): () => void {
  const { dispatch } = store;
  const accountOf = () => shownUser(store.getState())?.id ?? null;
  let told = accountOf();
  const stopTelling = store.subscribe(() => {
    const account = accountOf();
    if (account === told) return;
    told = account;
    tellOtherTabs();
  });
  const recheck = () => void dispatch(recheckSession(false));
  const onVisible = () => {
    if (document.visibilityState === 'visible') recheck();
  };
  const stopHearing = hearOtherTabs(() => void dispatch(recheckSession(true)));
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', recheck);
  return () => {
    stopTelling();
    stopHearing();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', recheck);
  };
}

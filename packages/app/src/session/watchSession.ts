import type { AppDispatch } from '../store/store';
import { hearOtherTabs } from './otherTabs';
import { sessionApi } from './sessionApi';

/**
 * Keeps this tab's session true to the browser's: the session is checked again when another tab
 * signs in or out, and when this tab comes back into view or focus. A check that finds no session
 * ends it here, and one that finds another account starts over with it, dropping what the one
 * shown had loaded (`sessionApi`'s `me`). Answers a function that stops watching.
 */
export function watchSession(dispatch: AppDispatch): () => void {
  const recheck = () =>
    void dispatch(
      sessionApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
  const onVisible = () => {
    if (document.visibilityState === 'visible') recheck();
  };
  const stopHearing = hearOtherTabs(recheck);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', recheck);
  return () => {
    stopHearing();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', recheck);
  };
}

import type { AppDispatch } from '../store/store';
import { hearOtherTabs } from './otherTabs';
import { recheckSession } from './sessionApi';

/**
 * Keeps this tab's session true to the browser's: the session is checked again when another tab
 * signs in or out, and when this tab comes back into view or focus (`recheckSession` says what
 * each answer does). Answers a function that stops watching.
 */
export function watchSession(dispatch: AppDispatch): () => void {
  const recheck = () => void dispatch(recheckSession(false));
  const onVisible = () => {
    if (document.visibilityState === 'visible') recheck();
  };
  const stopHearing = hearOtherTabs(() => void dispatch(recheckSession(true)));
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', recheck);
  return () => {
    stopHearing();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', recheck);
  };
}

import { toastsLoaded } from './toastsLoaded';

/**
 * Closes every toast. Once the viewport's chunk has loaded (the app loads it at start, and it has
 * loaded if a toast is on screen) this happens in the same step as the caller's, before anything
 * else renders; otherwise the chunk is loaded first. A chunk that cannot load (offline, a newer
 * deploy) leaves the toasts to time out.
 */
export function closeToasts(): void {
  if (toastsLoaded.dismiss) toastsLoaded.dismiss();
  else void import('./Toasts').then(() => toastsLoaded.dismiss?.()).catch(() => undefined);
}

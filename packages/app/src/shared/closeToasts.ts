import type * as ToastsModule from './Toasts';

type ToastsChunk = typeof ToastsModule;

/** The toast viewport's chunk, once loaded. */
let loaded: ToastsChunk | undefined;

/** Loads the toast viewport's chunk (the app does at start) and keeps hold of it. */
export function loadToasts(): Promise<ToastsChunk> {
  return import('./Toasts').then((chunk) => (loaded = chunk));
}

/**
 * Closes every toast. Once the viewport's chunk has loaded (it has, if a toast is on screen) this
 * happens in the same step as the caller's, before anything else renders; otherwise the chunk is
 * loaded first. A chunk that cannot load (offline, a newer deploy) leaves the toasts to time out.
 */
export function closeToasts(): void {
  if (loaded) loaded.dismissToasts();
  else
    void loadToasts()
      .then((chunk) => chunk.dismissToasts())
      .catch(() => undefined);
}

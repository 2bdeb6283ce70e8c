import { watchSession } from '../session/watchSession';
import { sessionApi } from '../session/sessionApi';
import { makeStore } from './store';

/**
 * The browser app's store (loaded by `deferStore`), asking for the session at once and keeping it
 * true to the browser's for the page's life.
 */
export function startStore() {
  const store = makeStore();
  void store.dispatch(sessionApi.endpoints.me.initiate(undefined, { subscribe: false }));
  watchSession(store);
  return store;
}

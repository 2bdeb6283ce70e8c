import { sessionApi } from '../session/sessionApi';
import { makeStore } from './store';

/** The browser app's store (loaded by `deferStore`), asking for the session at once. */
export function startStore() {
  const store = makeStore();
  void store.dispatch(sessionApi.endpoints.me.initiate(undefined, { subscribe: false }));
  return store;
}

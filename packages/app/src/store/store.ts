import { configureStore } from '@reduxjs/toolkit';
import { sessionExpiry, type SessionExpiryOptions } from '../session/sessionExpiry';
import { api } from './api';
import { rootReducer, type RootState } from './rootReducer';

export interface StoreOptions {
  /** How a 401 reaches the sign-in page (tests pass their own). */
  session?: SessionExpiryOptions;
}

/** A fresh store: one per app start, per story and per test — never a shared singleton. */
export function makeStore(preloadedState?: Partial<RootState>, { session }: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware, sessionExpiry(session)),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

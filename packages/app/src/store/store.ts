import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';

const rootReducer = combineSlices(api);

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store: one per app start, per story and per test — never a shared singleton. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

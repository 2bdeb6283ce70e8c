import { combineSlices, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { api } from './api';

/**
 * The state and thunk types, apart from the store: the session's middleware and thunks use them,
 * and the store uses that middleware, so defining them in store.ts would make a cycle.
 */
export const rootReducer = combineSlices(api);

export type RootState = ReturnType<typeof rootReducer>;
export type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, UnknownAction>;

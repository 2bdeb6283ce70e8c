import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';

/** The one RTK Query API slice. Features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: [
    'User',
    'Config',
    'ApiKey',
    'Transcription',
    'Stats',
    'Chart',
    'Billing',
    'Transaction',
    'PaymentMethod',
    'Spending',
    'Rates',
  ],
  endpoints: () => ({}),
});

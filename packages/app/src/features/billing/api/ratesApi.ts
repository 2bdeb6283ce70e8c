import type { RatesResponse } from '@parlance/server/contract';
import { api } from '../../../store/api';

export const ratesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public price list: one rate per model. */
    rates: build.query<RatesResponse, void>({
      query: () => '/api/billing/rates',
      providesTags: ['Rates'],
    }),
  }),
});

export const { useRatesQuery } = ratesApi;

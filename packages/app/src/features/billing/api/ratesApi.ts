import type { RatesResponse } from '@parlance/server/contract';
import { billingPaths } from '@parlance/server/endpoints';
import { api } from '../../../store/api';

export const ratesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public price list: one rate per model. */
    rates: build.query<RatesResponse, void>({
      query: () => billingPaths.rates,
      providesTags: ['Rates'],
    }),
  }),
});

export const { useRatesQuery } = ratesApi;

import type { RatesResponse } from '@parlance/contract';
import { billingPaths } from '@parlance/contract/endpoints';
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

import type { RatesResponse } from '@parlance/contract';
import { billingEndpoints } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';

export const ratesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public price list: one rate per model. */
    rates: build.query<RatesResponse, void>({
      query: () => request(billingEndpoints.rates),
      providesTags: ['Rates'],
    }),
  }),
});

export const { useRatesQuery } = ratesApi;

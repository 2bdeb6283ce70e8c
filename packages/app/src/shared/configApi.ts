import type { PublicConfig } from '@parlance/contract';
import { systemEndpoints } from '@parlance/contract/endpoints';
import { api } from '../store/api';
import { request } from '../store/request';

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What sign-in needs: the Turnstile site key (null: no bot check) and whether Google is on. */
    config: build.query<PublicConfig, void>({
      query: () => request(systemEndpoints.config),
      providesTags: ['Config'],
    }),
  }),
});

export const { useConfigQuery } = configApi;

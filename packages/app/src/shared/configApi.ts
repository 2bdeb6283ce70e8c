import type { PublicConfig } from '@parlance/contract';
import { systemPaths } from '@parlance/contract/endpoints';
import { api } from '../store/api';

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What sign-in needs: the Turnstile site key (null: no bot check) and whether Google is on. */
    config: build.query<PublicConfig, void>({
      query: () => systemPaths.config,
      providesTags: ['Config'],
    }),
  }),
});

export const { useConfigQuery } = configApi;

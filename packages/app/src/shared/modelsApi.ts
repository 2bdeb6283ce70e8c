import type { SpeechModelList } from '@parlance/contract';
import { transcriptEndpoints } from '@parlance/contract/endpoints';
import { api } from '../store/api';
import { request } from '../store/request';
import { SESSION_CACHE_SECONDS } from '../store/sessionCache';

/**
 * The speech models the server offers: reference data read by the playground (transcripts) and
 * the default-model setting (account), so it belongs to neither.
 */
export const modelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listModels: build.query<SpeechModelList, void>({
      query: () => request(transcriptEndpoints.models),
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
  }),
});

export const { useListModelsQuery } = modelsApi;

import type { MessageResponse, Transcript, TranscriptList } from '@parlance/server/contract';
import { api } from '../../../store/api';
import { SESSION_CACHE_SECONDS } from '../../../store/sessionCache';
import { transcriptListParams, type TranscriptListArgs } from './transcriptListParams';
import { transcriptFormData, type TranscriptRequestInput } from './transcriptRequest';

const LIST = { type: 'Transcription', id: 'LIST' } as const;

export const transcriptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTranscriptions: build.query<TranscriptList, TranscriptListArgs | void>({
      query: (args) => ({ url: '/api/transcript/user', params: transcriptListParams(args ?? {}) }),
      providesTags: (result) => [
        LIST,
        ...(result?.transcriptions ?? []).map(({ id }) => ({ type: 'Transcription' as const, id })),
      ],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getTranscript: build.query<Transcript, string>({
      query: (id) => `/v1/transcript/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Transcription', id }],
    }),
    submitTranscript: build.mutation<Transcript, TranscriptRequestInput>({
      query: (input) => ({
        url: '/v1/transcript',
        method: 'POST',
        body: transcriptFormData(input),
      }),
      invalidatesTags: [LIST],
    }),
    deleteTranscript: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/v1/transcript/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST, 'Stats', 'Chart', 'Spending'],
    }),
  }),
});

export const {
  useListTranscriptionsQuery,
  useGetTranscriptQuery,
  useSubmitTranscriptMutation,
  useDeleteTranscriptMutation,
} = transcriptsApi;

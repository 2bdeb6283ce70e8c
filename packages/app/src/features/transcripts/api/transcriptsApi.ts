import type {
  MessageResponse,
  RealtimeToken,
  SpeakerNames,
  Transcript,
  TranscriptList,
} from '@parlance/contract';
import { apiHref, realtimePaths, transcriptPaths } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { SESSION_CACHE_SECONDS } from '../../../store/sessionCache';
import { transcriptListParams, type TranscriptListArgs } from './transcriptListParams';
import { transcriptFormData, type TranscriptRequestInput } from './transcriptRequest';

const LIST = { type: 'Transcription', id: 'LIST' } as const;

export const transcriptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTranscriptions: build.query<TranscriptList, TranscriptListArgs | void>({
      query: (args) => ({
        url: transcriptPaths.list,
        params: transcriptListParams(args ?? {}),
      }),
      providesTags: (result) => [
        LIST,
        ...(result?.transcriptions ?? []).map(({ id }) => ({ type: 'Transcription' as const, id })),
      ],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getTranscript: build.query<Transcript, string>({
      query: (id) => apiHref(transcriptPaths.transcript, { id }),
      providesTags: (_result, _error, id) => [{ type: 'Transcription', id }],
    }),
    submitTranscript: build.mutation<Transcript, TranscriptRequestInput>({
      query: (input) => ({
        url: transcriptPaths.submit,
        method: 'POST',
        body: transcriptFormData(input),
      }),
      invalidatesTags: [LIST],
    }),
    /** Names a transcript's speakers, all at once; the answer replaces the cached transcript. */
    renameSpeakers: build.mutation<Transcript, { id: string } & SpeakerNames>({
      query: ({ id, names }) => ({
        url: apiHref(transcriptPaths.speakers, { id }),
        method: 'PUT',
        body: { names } satisfies SpeakerNames,
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) await dispatch(transcriptsApi.util.upsertQueryData('getTranscript', id, data));
      },
    }),
    deleteTranscript: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: apiHref(transcriptPaths.transcript, { id }), method: 'DELETE' }),
      invalidatesTags: [LIST, 'Stats', 'Chart', 'Spending'],
    }),
    /** Deletes a transcript's audio, keeping its text; the transcript is read again. */
    deleteTranscriptAudio: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: apiHref(transcriptPaths.audio, { id }), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Transcription', id }],
    }),
    /** A one-use token that opens one live stream (`/v1/realtime?token=`) for the signed-in user. */
    createRealtimeToken: build.mutation<RealtimeToken, void>({
      query: () => ({ url: realtimePaths.sessionToken, method: 'POST' }),
    }),
  }),
});

export const {
  useListTranscriptionsQuery,
  useGetTranscriptQuery,
  useSubmitTranscriptMutation,
  useRenameSpeakersMutation,
  useDeleteTranscriptMutation,
  useDeleteTranscriptAudioMutation,
  useCreateRealtimeTokenMutation,
} = transcriptsApi;

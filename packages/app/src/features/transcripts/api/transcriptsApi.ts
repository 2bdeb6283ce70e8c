import type {
  MessageResponse,
  RealtimeToken,
  SpeakerNames,
  Transcript,
  TranscriptList,
} from '@parlance/contract';
import { realtimeEndpoints, transcriptEndpoints } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';
import { SESSION_CACHE_SECONDS } from '../../../store/sessionCache';
import { transcriptListParams, type TranscriptListArgs } from './transcriptListParams';
import { transcriptFormData, type TranscriptRequestInput } from './transcriptRequest';

const LIST = { type: 'Transcription', id: 'LIST' } as const;

export const transcriptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTranscriptions: build.query<TranscriptList, TranscriptListArgs | void>({
      query: (args) =>
        request(transcriptEndpoints.list, { query: transcriptListParams(args ?? {}) }),
      providesTags: (result) => [
        LIST,
        ...(result?.transcriptions ?? []).map(({ id }) => ({ type: 'Transcription' as const, id })),
      ],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getTranscript: build.query<Transcript, string>({
      query: (id) => request(transcriptEndpoints.transcript, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Transcription', id }],
    }),
    submitTranscript: build.mutation<Transcript, TranscriptRequestInput>({
      query: (input) => request(transcriptEndpoints.submit, { body: transcriptFormData(input) }),
      invalidatesTags: [LIST],
    }),
    /** Names a transcript's speakers, all at once; the answer replaces the cached transcript. */
    renameSpeakers: build.mutation<Transcript, { id: string } & SpeakerNames>({
      query: ({ id, names }) =>
        request(transcriptEndpoints.speakers, {
          params: { id },
          body: { names } satisfies SpeakerNames,
        }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) await dispatch(transcriptsApi.util.upsertQueryData('getTranscript', id, data));
      },
    }),
    deleteTranscript: build.mutation<MessageResponse, string>({
      query: (id) => request(transcriptEndpoints.delete, { params: { id } }),
      invalidatesTags: [LIST, 'Stats', 'Chart', 'Spending'],
    }),
    /** Deletes a transcript's audio, keeping its text; the transcript is read again. */
    deleteTranscriptAudio: build.mutation<MessageResponse, string>({
      query: (id) => request(transcriptEndpoints.deleteAudio, { params: { id } }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Transcription', id }],
    }),
    /** A one-use token that opens one live stream (`/v1/realtime?token=`) for the signed-in user. */
    createRealtimeToken: build.mutation<RealtimeToken, void>({
      query: () => request(realtimeEndpoints.sessionToken),
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

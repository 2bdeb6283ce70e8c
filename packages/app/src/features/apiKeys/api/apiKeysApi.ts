import type {
  ApiKeyList,
  ApiKeyResponse,
  CreatedApiKey,
  MessageResponse,
} from '@parlance/contract';
import { apiKeyEndpoints } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';

const LIST = { type: 'ApiKey', id: 'LIST' } as const;

export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKeyList, void>({
      query: () => request(apiKeyEndpoints.list),
      providesTags: (result) => [
        LIST,
        ...(result?.apiKeys ?? []).map(({ id }) => ({ type: 'ApiKey' as const, id })),
      ],
    }),
    createApiKey: build.mutation<CreatedApiKey, string>({
      query: (name) => request(apiKeyEndpoints.create, { body: { name } }),
      invalidatesTags: [LIST],
    }),
    renameApiKey: build.mutation<ApiKeyResponse, { id: string; name: string }>({
      query: ({ id, name }) => request(apiKeyEndpoints.rename, { params: { id }, body: { name } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ApiKey', id }],
    }),
    /** Sets (null: removes) a key's monthly spending limit. */
    limitApiKey: build.mutation<ApiKeyResponse, { id: string; monthlyLimitMicros: number | null }>({
      query: ({ id, monthlyLimitMicros }) =>
        request(apiKeyEndpoints.limit, { params: { id }, body: { monthlyLimitMicros } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ApiKey', id }],
    }),
    /** Flips the key in the cached list at once; puts it back when the server refuses. */
    toggleApiKey: build.mutation<ApiKeyResponse, string>({
      query: (id) => request(apiKeyEndpoints.toggle, { params: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          apiKeysApi.util.updateQueryData('listApiKeys', undefined, (draft) => {
            const key = draft.apiKeys.find((candidate) => candidate.id === id);
            if (key) key.enabled = !key.enabled;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            apiKeysApi.util.updateQueryData('listApiKeys', undefined, (draft) => {
              const index = draft.apiKeys.findIndex((candidate) => candidate.id === id);
              if (index >= 0) draft.apiKeys[index] = data.apiKey;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    deleteApiKey: build.mutation<MessageResponse, string>({
      query: (id) => request(apiKeyEndpoints.delete, { params: { id } }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useListApiKeysQuery,
  useCreateApiKeyMutation,
  useRenameApiKeyMutation,
  useToggleApiKeyMutation,
  useLimitApiKeyMutation,
  useDeleteApiKeyMutation,
} = apiKeysApi;

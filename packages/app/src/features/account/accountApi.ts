import type {
  ChangePasswordBody,
  DeleteAccountBody,
  MessageResponse,
  UpdateAccountBody,
  WebhookSecretResponse,
} from '@parlance/server/contract';
import { api } from '../../store/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccount: build.mutation<unknown, UpdateAccountBody>({
      query: (body) => ({ url: '/api/account', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/api/account/password', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /** The caller ends the session on this client (see AccountPage). */
    deleteAccount: build.mutation<MessageResponse, DeleteAccountBody>({
      query: (body) => ({ url: '/api/account', method: 'DELETE', body }),
    }),
    /** The account's webhook signing secret. */
    getWebhookSecret: build.query<string, void>({
      query: () => '/api/account/webhook-secret',
      transformResponse: (response: WebhookSecretResponse) => response.secret,
    }),
    /** The new secret replaces the cached one, so the page shows it without another call. */
    rotateWebhookSecret: build.mutation<WebhookSecretResponse, void>({
      query: () => ({ url: '/api/account/webhook-secret/rotate', method: 'POST' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          await dispatch(
            accountApi.util.upsertQueryData('getWebhookSecret', undefined, data.secret),
          );
      },
    }),
    /** The caller ends the session on this client (see AccountPage). */
    logoutEverywhere: build.mutation<void, void>({
      query: () => ({ url: '/api/auth/logout-all', method: 'POST' }),
    }),
  }),
});

export const {
  useUpdateAccountMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useLogoutEverywhereMutation,
  useGetWebhookSecretQuery,
  useRotateWebhookSecretMutation,
} = accountApi;

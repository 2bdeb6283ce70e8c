import type { WebhookSecretResponse } from '@parlance/contract';
import { accountEndpoints } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';

/**
 * The account's webhook signing secret (under /api/account on the server): the API keys page
 * shows and rotates it, next to the keys that call the API whose webhooks it signs.
 */
export const webhookSecretApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The account's webhook signing secret. */
    getWebhookSecret: build.query<string, void>({
      query: () => request(accountEndpoints.webhookSecret),
      transformResponse: (response: WebhookSecretResponse) => response.secret,
    }),
    /** The new secret replaces the cached one, so the page shows it without another call. */
    rotateWebhookSecret: build.mutation<WebhookSecretResponse, void>({
      query: () => request(accountEndpoints.rotateWebhookSecret),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          await dispatch(
            webhookSecretApi.util.upsertQueryData('getWebhookSecret', undefined, data.secret),
          );
      },
    }),
  }),
});

export const { useGetWebhookSecretQuery, useRotateWebhookSecretMutation } = webhookSecretApi;

import type { ContactBody, MessageResponse } from '@parlance/contract';
import { accountPaths } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<MessageResponse, ContactBody>({
      query: (body) => ({ url: accountPaths.contact, method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;

import type { ContactBody, MessageResponse } from '@parlance/server/contract';
import { api } from '../../../store/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<MessageResponse, ContactBody>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;

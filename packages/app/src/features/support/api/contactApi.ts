import type { ContactBody, MessageResponse } from '@parlance/contract';
import { accountEndpoints } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<MessageResponse, ContactBody>({
      query: (body) => request(accountEndpoints.contact, { body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;

import type {
  ChangePasswordBody,
  DeleteAccountBody,
  MessageResponse,
  UpdateAccountBody,
} from '@parlance/server/contract';
import { api } from '../../../store/api';

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
    /** The caller ends the session on this client (see AccountRoute). */
    deleteAccount: build.mutation<MessageResponse, DeleteAccountBody>({
      query: (body) => ({ url: '/api/account', method: 'DELETE', body }),
    }),
    /** The caller ends the session on this client (see AccountRoute). */
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
} = accountApi;

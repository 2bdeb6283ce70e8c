import type {
  ChangePasswordBody,
  DeleteAccountBody,
  MessageResponse,
  UpdateAccountBody,
} from '@parlance/contract';
import { accountEndpoints, authEndpoints } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccount: build.mutation<unknown, UpdateAccountBody>({
      query: (body) => request(accountEndpoints.update, { body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordBody>({
      query: (body) => request(accountEndpoints.password, { body }),
      invalidatesTags: ['User'],
    }),
    /** The caller ends the session on this client (see AccountRoute). */
    deleteAccount: build.mutation<MessageResponse, DeleteAccountBody>({
      query: (body) => request(accountEndpoints.delete, { body }),
    }),
    /** The caller ends the session on this client (see AccountRoute). */
    logoutEverywhere: build.mutation<void, void>({
      query: () => request(authEndpoints.logoutAll),
    }),
  }),
});

export const {
  useUpdateAccountMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useLogoutEverywhereMutation,
} = accountApi;

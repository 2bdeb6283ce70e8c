import type {
  ChangePasswordBody,
  DeleteAccountBody,
  MessageResponse,
  UpdateAccountBody,
} from '@parlance/contract';
import { accountPaths, authPaths } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccount: build.mutation<unknown, UpdateAccountBody>({
      query: (body) => ({ url: accountPaths.account, method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordBody>({
      query: (body) => ({ url: accountPaths.password, method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /** The caller ends the session on this client (see AccountRoute). */
    deleteAccount: build.mutation<MessageResponse, DeleteAccountBody>({
      query: (body) => ({ url: accountPaths.account, method: 'DELETE', body }),
    }),
    /** The caller ends the session on this client (see AccountRoute). */
    logoutEverywhere: build.mutation<void, void>({
      query: () => ({ url: authPaths.logoutAll, method: 'POST' }),
    }),
  }),
});

export const {
  useUpdateAccountMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useLogoutEverywhereMutation,
} = accountApi;

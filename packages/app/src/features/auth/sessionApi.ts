import type { MessageResponse, User, UserResponse } from '@parlance/server/contract';
import { api } from '../../store/api';

/**
 * The session every page needs (the header shows it): the current user and sign-out. The sign-in
 * flows' calls are in authApi, loaded with their pages.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null once signed out locally. A 401 here only means "signed out". */
    me: build.query<User | null, void>({
      query: () => '/api/auth/me',
      transformResponse: (response: UserResponse) => response.user,
      providesTags: ['User'],
    }),
    /** Signs out on the server; the local user is cleared even when that call fails. */
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          console.error('Sign-out call failed; clearing the local session anyway', failure);
        }
        await dispatch(sessionApi.util.upsertQueryData('me', undefined, null));
      },
    }),
  }),
});

export const { useMeQuery, useLogoutMutation } = sessionApi;

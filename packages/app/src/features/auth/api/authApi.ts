import type {
  EmailBody,
  LoginBody,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  UserResponse,
  VerifyCodeBody,
} from '@parlance/contract';
import { authEndpoints } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';
import type { AppThunk } from '../../../store/rootReducer';
import { startSession } from '../../../session/sessionApi';

/** A sign-in that succeeded starts the session from an empty cache; a refused one changes nothing. */
async function startSessionOnSuccess(
  _: unknown,
  lifecycle: { dispatch: (thunk: AppThunk) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await lifecycle.queryFulfilled;
  } catch {
    return;
  }
  lifecycle.dispatch(startSession());
}

/** The sign-in flows' calls; the session itself (current user, sign-out) is in sessionApi. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserResponse, LoginBody>({
      query: (body) => request(authEndpoints.login, { body }),
      onQueryStarted: startSessionOnSuccess,
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({
      query: (body) => request(authEndpoints.register, { body }),
    }),
    verifyCode: build.mutation<UserResponse, VerifyCodeBody>({
      query: (body) => request(authEndpoints.verifyCode, { body }),
      onQueryStarted: startSessionOnSuccess,
    }),
    resendCode: build.mutation<MessageResponse, EmailBody>({
      query: (body) => request(authEndpoints.resendCode, { body }),
    }),
    forgotPassword: build.mutation<MessageResponse, EmailBody>({
      query: (body) => request(authEndpoints.forgotPassword, { body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: (body) => request(authEndpoints.resetPassword, { body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useVerifyCodeMutation,
  useResendCodeMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;

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
import { authPaths } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import type { AppThunk } from '../../../store/rootReducer';
import { startSession } from '../../../session/sessionApi';

const post =
  <B>(url: string) =>
  (body: B) => ({ url, method: 'POST', body });

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
      query: post(authPaths.login),
      onQueryStarted: startSessionOnSuccess,
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({
      query: post(authPaths.register),
    }),
    verifyCode: build.mutation<UserResponse, VerifyCodeBody>({
      query: post(authPaths.verifyCode),
      onQueryStarted: startSessionOnSuccess,
    }),
    resendCode: build.mutation<MessageResponse, EmailBody>({
      query: post(authPaths.resendCode),
    }),
    forgotPassword: build.mutation<MessageResponse, EmailBody>({
      query: post(authPaths.forgotPassword),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: post(authPaths.resetPassword),
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

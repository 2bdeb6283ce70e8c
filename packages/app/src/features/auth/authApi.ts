import type {
  EmailBody,
  LoginBody,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  UserResponse,
  VerifyCodeBody,
} from '@parlance/server/contract';
import { api } from '../../store/api';

const post =
  <B>(url: string) =>
  (body: B) => ({ url, method: 'POST', body });

/** The sign-in flows' calls; the session itself (current user, sign-out) is in sessionApi. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserResponse, LoginBody>({
      query: post('/api/auth/login'),
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({ query: post('/api/auth/register') }),
    verifyCode: build.mutation<UserResponse, VerifyCodeBody>({
      query: post('/api/auth/verify-code'),
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
    resendCode: build.mutation<MessageResponse, EmailBody>({
      query: post('/api/auth/resend-code'),
    }),
    forgotPassword: build.mutation<MessageResponse, EmailBody>({
      query: post('/api/auth/forgot-password'),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: post('/api/auth/reset-password'),
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

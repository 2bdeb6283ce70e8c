import { http, HttpResponse } from 'msw';
import type { MessageResponse, UserResponse } from '@parlance/server/contract';
import { userFixture } from './fixtures/auth';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

export const accountEndpoints = [
  { method: 'patch', path: '/api/account', example: { body: { name: 'Ada King' } } },
  {
    method: 'post',
    path: '/api/account/password',
    example: {
      body: { currentPassword: 'correct horse battery', newPassword: 'staple orbit lantern 42' },
    },
  },
  {
    method: 'delete',
    path: '/api/account',
    example: { body: { password: 'correct horse battery' } },
  },
] as const satisfies readonly Endpoint[];

const working = [
  http.patch('/api/account', async ({ request }) => {
    const body = (await request.json()) as Partial<UserResponse['user']>;
    return HttpResponse.json<UserResponse>({ user: { ...userFixture, ...body } });
  }),
  http.post('/api/account/password', () =>
    HttpResponse.json<MessageResponse>({ message: 'Your password has been changed.' }),
  ),
  http.delete('/api/account', () =>
    HttpResponse.json<MessageResponse>({ message: 'Your account has been deleted.' }),
  ),
];

export const accountHandlers = {
  default: working,
  empty: working,
  error: failAll(accountEndpoints),
  slow: slowAll(accountEndpoints),
  unauthorized: unauthorizedAll(accountEndpoints),
  wrongPassword: [
    http.post('/api/account/password', () =>
      apiError(400, 'Your current password is not correct.', 'wrong_password'),
    ),
    ...working,
  ],
} satisfies Scenarios<'wrongPassword'>;

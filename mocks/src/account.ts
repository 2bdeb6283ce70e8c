import { http, HttpResponse } from 'msw';
import type {
  MessageResponse,
  UserResponse,
  WebhookSecretResponse,
} from '@parlance/server/contract';
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
  { method: 'get', path: '/api/account/webhook-secret' },
  { method: 'post', path: '/api/account/webhook-secret/rotate' },
] as const satisfies readonly Endpoint[];

/** The account's webhook secret, and the one a rotation gives. */
export const webhookSecretFixture =
  'whsec_3f9a1c7e5b2d8046a1e9c3b7f5d20864ae1c9b3f7d5e2048c6a1e9b3d7f50286';
export const rotatedWebhookSecretFixture =
  'whsec_8d24b6f0a1c3e5970b2d4f6a8c0e1b3d5f7092a4c6e8b0d1f3a5c7e9b2d40618';

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
  http.get('/api/account/webhook-secret', () =>
    HttpResponse.json<WebhookSecretResponse>({ secret: webhookSecretFixture }),
  ),
  http.post('/api/account/webhook-secret/rotate', () =>
    HttpResponse.json<WebhookSecretResponse>({ secret: rotatedWebhookSecretFixture }),
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

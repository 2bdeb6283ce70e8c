import { http, HttpResponse } from 'msw';
import type { MessageResponse, UserResponse, WebhookSecretResponse } from '@parlance/contract';
import { accountPaths } from '@parlance/contract/endpoints';
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
  { method: 'patch', path: accountPaths.account, example: { body: { name: 'Ada King' } } },
  {
    method: 'post',
    path: accountPaths.password,
    example: {
      body: { currentPassword: 'correct horse battery', newPassword: 'staple orbit lantern 42' },
    },
  },
  {
    method: 'delete',
    path: accountPaths.account,
    example: { body: { password: 'correct horse battery' } },
  },
  { method: 'get', path: accountPaths.webhookSecret },
  { method: 'post', path: accountPaths.rotateWebhookSecret },
] as const satisfies readonly Endpoint[];

/** The account's webhook secret, and the one a rotation gives. */
export const webhookSecretFixture =
  'whsec_3f9a1c7e5b2d8046a1e9c3b7f5d20864ae1c9b3f7d5e2048c6a1e9b3d7f50286';
export const rotatedWebhookSecretFixture =
  'whsec_8d24b6f0a1c3e5970b2d4f6a8c0e1b3d5f7092a4c6e8b0d1f3a5c7e9b2d40618';

const working = [
  http.patch(accountPaths.account, async ({ request }) => {
    const body = (await request.json()) as Partial<UserResponse['user']>;
    return HttpResponse.json<UserResponse>({ user: { ...userFixture, ...body } });
  }),
  http.post(accountPaths.password, () =>
    HttpResponse.json<MessageResponse>({ message: 'Your password has been changed.' }),
  ),
  http.delete(accountPaths.account, () =>
    HttpResponse.json<MessageResponse>({ message: 'Your account has been deleted.' }),
  ),
  http.get(accountPaths.webhookSecret, () =>
    HttpResponse.json<WebhookSecretResponse>({ secret: webhookSecretFixture }),
  ),
  http.post(accountPaths.rotateWebhookSecret, () =>
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
    http.post(accountPaths.password, () =>
      apiError('wrong_password', 'Your current password is not correct.'),
    ),
    ...working,
  ],
  /** A refunded or disputed payment left money owed: deleting waits until it is settled. */
  owes: [
    http.delete(accountPaths.account, () =>
      apiError(
        'account_owes',
        '$2.00 is owed after a refunded or disputed payment. Add credit to settle it, then delete the account.',
      ),
    ),
    ...working,
  ],
} satisfies Scenarios<'wrongPassword' | 'owes'>;

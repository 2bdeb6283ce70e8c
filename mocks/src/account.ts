import { HttpResponse } from 'msw';
import type { MessageResponse, UserResponse, WebhookSecretResponse } from '@parlance/contract';
import { accountEndpoints } from '@parlance/contract/endpoints';
import { userFixture } from './fixtures/auth';
import {
  apiError,
  failAll,
  on,
  slowAll,
  unauthorizedAll,
  type Example,
  type Scenarios,
} from './support';

/** The account's calls (support's contact form is contact.ts's). */
const calls = [
  accountEndpoints.update,
  accountEndpoints.password,
  accountEndpoints.delete,
  accountEndpoints.webhookSecret,
  accountEndpoints.rotateWebhookSecret,
];

/** Requests for the contract test: the bodies the server requires. */
export const accountExamples: Example[] = [
  { endpoint: accountEndpoints.update, body: { name: 'Ada King' } },
  {
    endpoint: accountEndpoints.password,
    body: { currentPassword: 'correct horse battery', newPassword: 'staple orbit lantern 42' },
  },
  { endpoint: accountEndpoints.delete, body: { password: 'correct horse battery' } },
];

/** The account's webhook secret, and the one a rotation gives. */
export const webhookSecretFixture =
  'whsec_3f9a1c7e5b2d8046a1e9c3b7f5d20864ae1c9b3f7d5e2048c6a1e9b3d7f50286';
export const rotatedWebhookSecretFixture =
  'whsec_8d24b6f0a1c3e5970b2d4f6a8c0e1b3d5f7092a4c6e8b0d1f3a5c7e9b2d40618';

const working = [
  on(accountEndpoints.update, async ({ request }) => {
    const body = (await request.json()) as Partial<UserResponse['user']>;
    return HttpResponse.json<UserResponse>({ user: { ...userFixture, ...body } });
  }),
  on(accountEndpoints.password, () =>
    HttpResponse.json<MessageResponse>({ message: 'Your password has been changed.' }),
  ),
  on(accountEndpoints.delete, () =>
    HttpResponse.json<MessageResponse>({ message: 'Your account has been deleted.' }),
  ),
  on(accountEndpoints.webhookSecret, () =>
    HttpResponse.json<WebhookSecretResponse>({ secret: webhookSecretFixture }),
  ),
  on(accountEndpoints.rotateWebhookSecret, () =>
    HttpResponse.json<WebhookSecretResponse>({ secret: rotatedWebhookSecretFixture }),
  ),
];

export const accountHandlers = {
  default: working,
  empty: working,
  error: failAll(calls),
  slow: slowAll(calls),
  unauthorized: unauthorizedAll(calls),
  wrongPassword: [
    on(accountEndpoints.password, () =>
      apiError('wrong_password', 'Your current password is not correct.'),
    ),
    ...working,
  ],
  /** A refunded or disputed payment left money owed: deleting waits until it is settled. */
  owes: [
    on(accountEndpoints.delete, () =>
      apiError(
        'account_owes',
        '$2.00 is owed after a refunded or disputed payment. Add credit to settle it, then delete the account.',
      ),
    ),
    ...working,
  ],
} satisfies Scenarios<'wrongPassword' | 'owes'>;

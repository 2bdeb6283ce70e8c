import { http, HttpResponse } from 'msw';
import type { MessageResponse } from '@parlance/contract';
import { accountPaths } from '@parlance/contract/endpoints';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

export const contactEndpoints = [
  { method: 'post', path: accountPaths.contact },
] as const satisfies readonly Endpoint[];

const received = [
  http.post(accountPaths.contact, () =>
    HttpResponse.json<MessageResponse>(
      { message: 'Thanks, Ada Lovelace. We will answer at ada@example.com.' },
      { status: 201 },
    ),
  ),
];

export const contactHandlers = {
  default: received,
  empty: received,
  error: failAll(contactEndpoints),
  slow: slowAll(contactEndpoints),
  unauthorized: unauthorizedAll(contactEndpoints),
  invalid: [
    http.post(accountPaths.contact, () =>
      apiError('validation_failed', 'Enter a valid email address'),
    ),
  ],
} satisfies Scenarios<'invalid'>;

import { HttpResponse } from 'msw';
import type { MessageResponse } from '@parlance/contract';
import { accountEndpoints } from '@parlance/contract/endpoints';
import { apiError, failAll, on, slowAll, unauthorizedAll, type Scenarios } from './support';

const received = [
  on(accountEndpoints.contact, () =>
    HttpResponse.json<MessageResponse>(
      { message: 'Thanks, Ada Lovelace. We will answer at ada@example.com.' },
      { status: 201 },
    ),
  ),
];

export const contactHandlers = {
  default: received,
  empty: received,
  error: failAll([accountEndpoints.contact]),
  slow: slowAll([accountEndpoints.contact]),
  unauthorized: unauthorizedAll([accountEndpoints.contact]),
  invalid: [
    on(accountEndpoints.contact, () =>
      apiError('validation_failed', 'Enter a valid email address'),
    ),
  ],
} satisfies Scenarios<'invalid'>;

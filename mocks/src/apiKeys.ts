import { HttpResponse } from 'msw';
import type {
  ErrorResponse,
  ApiKey,
  ApiKeyList,
  ApiKeyResponse,
  CreatedApiKey,
  MessageResponse,
  MonthlyLimit,
} from '@parlance/contract';
import { apiKeyEndpoints } from '@parlance/contract/endpoints';
import {
  NOW,
  ago,
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  on,
  type Example,
  type Scenarios,
} from './support';

const KEY_ID = '1a2b3c4d-0000-4000-8000-000000000001';

/** Requests for the contract test: an existing key's id, and a body. */
export const apiKeysExamples: Example[] = [
  { endpoint: apiKeyEndpoints.create, body: { name: 'CI' } },
  { endpoint: apiKeyEndpoints.rename, params: { id: KEY_ID }, body: { name: 'Renamed' } },
  { endpoint: apiKeyEndpoints.toggle, params: { id: KEY_ID } },
  { endpoint: apiKeyEndpoints.delete, params: { id: KEY_ID } },
  {
    endpoint: apiKeyEndpoints.limit,
    params: { id: KEY_ID },
    body: { monthlyLimitMicros: 25_000_000 },
  },
];

export const apiKeysFixture: ApiKey[] = [
  {
    id: KEY_ID,
    name: 'Production backend',
    prefix: 'prl_live_7Hq2',
    enabled: true,
    createdAt: ago(84),
    lastUsedAt: ago(0, 3),
    monthlyLimitMicros: 50_000_000,
  },
  {
    id: '1a2b3c4d-0000-4000-8000-000000000002',
    name: 'Staging',
    prefix: 'prl_live_Xa91',
    enabled: true,
    createdAt: ago(40),
    lastUsedAt: ago(5),
    monthlyLimitMicros: null,
  },
  {
    id: '1a2b3c4d-0000-4000-8000-000000000003',
    name: 'Old laptop script',
    prefix: 'prl_live_bQ0z',
    enabled: false,
    createdAt: ago(110),
    lastUsedAt: null,
    monthlyLimitMicros: null,
  },
];

/** The secret of a newly created key: shown once. */
export const createdSecretFixture = 'prl_live_N3wK3y_4f9c2e7a1b8d6053c4e2f1a9b7d3c5e8';

const find = (id: unknown) => apiKeysFixture.find((key) => key.id === id);
const notFound = () => apiError('not_found', 'API key not found');

function handlersFor(keys: ApiKey[]) {
  return [
    on(apiKeyEndpoints.list, () => HttpResponse.json<ApiKeyList>({ apiKeys: keys })),
    on(apiKeyEndpoints.create, async ({ request }) => {
      const { name = '' } = (await request.json()) as { name?: string };
      const apiKey: ApiKey = {
        id: '1a2b3c4d-0000-4000-8000-000000000099',
        name: name.trim(),
        prefix: createdSecretFixture.slice(0, 12),
        enabled: true,
        createdAt: NOW.toISOString(),
        lastUsedAt: null,
        monthlyLimitMicros: null,
      };
      return HttpResponse.json<CreatedApiKey>(
        { apiKey, secret: createdSecretFixture },
        { status: 201 },
      );
    }),
    on<{ id: string }, { name?: string }, ApiKeyResponse | ErrorResponse>(
      apiKeyEndpoints.rename,
      async ({ params, request }) => {
        const key = find(params.id);
        const { name = '' } = (await request.json()) as { name?: string };
        return key
          ? HttpResponse.json<ApiKeyResponse>({ apiKey: { ...key, name: name.trim() } })
          : notFound();
      },
    ),
    on<{ id: string }, never, ApiKeyResponse | ErrorResponse>(
      apiKeyEndpoints.toggle,
      ({ params }) => {
        const key = find(params.id);
        return key
          ? HttpResponse.json<ApiKeyResponse>({ apiKey: { ...key, enabled: !key.enabled } })
          : notFound();
      },
    ),
    on<{ id: string }, MonthlyLimit, ApiKeyResponse | ErrorResponse>(
      apiKeyEndpoints.limit,
      async ({ params, request }) => {
        const key = find(params.id);
        if (!key) return notFound();
        const { monthlyLimitMicros } = await request.json();
        return HttpResponse.json<ApiKeyResponse>({ apiKey: { ...key, monthlyLimitMicros } });
      },
    ),
    on(apiKeyEndpoints.delete, ({ params }) =>
      find(params.id)
        ? HttpResponse.json<MessageResponse>({ message: 'API key deleted' })
        : notFound(),
    ),
  ];
}

export const apiKeysHandlers = {
  default: handlersFor(apiKeysFixture),
  empty: handlersFor([]),
  error: failAll(apiKeyEndpoints),
  slow: slowAll(apiKeyEndpoints),
  unauthorized: unauthorizedAll(apiKeyEndpoints),
  /** Listing works; toggling fails (the optimistic switch flips back). */
  toggleError: [
    on(apiKeyEndpoints.toggle, () =>
      apiError('internal_error', 'Could not update the key. Try again.'),
    ),
    ...handlersFor(apiKeysFixture),
  ],
} satisfies Scenarios<'toggleError'>;

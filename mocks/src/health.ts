import { http, HttpResponse } from 'msw';
import type { HealthResponse } from '@parlance/contract';
import { systemPaths } from '@parlance/contract/endpoints';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

export const healthEndpoints = [
  { method: 'get', path: systemPaths.health },
] as const satisfies readonly Endpoint[];

const ok = [
  http.get(systemPaths.health, () => HttpResponse.json<HealthResponse>({ status: 'ok' })),
];

export const healthHandlers = {
  default: ok,
  empty: ok,
  error: [http.get(systemPaths.health, () => apiError('not_ready', 'Storage unreachable'))],
  slow: slowAll(healthEndpoints),
  unauthorized: unauthorizedAll(healthEndpoints),
  broken: failAll(healthEndpoints),
} satisfies Scenarios<'broken'>;

import { HttpResponse } from 'msw';
import type { HealthResponse } from '@parlance/contract';
import { systemEndpoints } from '@parlance/contract/endpoints';
import { apiError, failAll, slowAll, unauthorizedAll, on, type Scenarios } from './support';

const endpoints = [systemEndpoints.health];

const ok = [on(systemEndpoints.health, () => HttpResponse.json<HealthResponse>({ status: 'ok' }))];

export const healthHandlers = {
  default: ok,
  empty: ok,
  error: [on(systemEndpoints.health, () => apiError('not_ready', 'Storage unreachable'))],
  slow: slowAll(endpoints),
  unauthorized: unauthorizedAll(endpoints),
  broken: failAll(endpoints),
} satisfies Scenarios<'broken'>;

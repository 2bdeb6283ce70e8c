import { http, HttpResponse } from 'msw';
import type { ErrorResponse, Spending, UsageChart, UsageOverview } from '@parlance/server/contract';
import {
  emptyUsageChartFixture,
  emptyUsageOverviewFixture,
  spendingFixture,
  usageChartFixture,
  usageOverviewFixture,
} from './fixtures/usage';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

export const usageEndpoints = [
  { method: 'get', path: '/api/usage/overview' },
  { method: 'get', path: '/api/usage/chart' },
  {
    method: 'get',
    path: '/api/usage/spending',
    example: { url: '/api/usage/spending?from=2026-10-21&to=2026-11-20' },
  },
] as const satisfies readonly Endpoint[];

const spending = (empty: boolean) =>
  http.get<never, never, Spending | ErrorResponse>('/api/usage/spending', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const from = query.get('from');
    const to = query.get('to');
    return from && to
      ? HttpResponse.json<Spending>(spendingFixture(from, to, empty))
      : apiError(400, 'from is required (YYYY-MM-DD)', 'validation_error');
  });

function handlersFor(overview: UsageOverview, chart: UsageChart, empty: boolean) {
  return [
    http.get('/api/usage/overview', () => HttpResponse.json<UsageOverview>(overview)),
    http.get('/api/usage/chart', () => HttpResponse.json<UsageChart>(chart)),
    spending(empty),
  ];
}

const populated = handlersFor(usageOverviewFixture, usageChartFixture, false);

/** One call fails with the server's message; the other usage calls answer normally. */
const failing = (path: (typeof usageEndpoints)[number]['path'], message: string) => [
  http.get(path, () => apiError(500, message, 'internal_error')),
  ...populated,
];

export const usageHandlers = {
  default: populated,
  empty: handlersFor(emptyUsageOverviewFixture, emptyUsageChartFixture, true),
  error: failAll(usageEndpoints),
  slow: slowAll(usageEndpoints),
  unauthorized: unauthorizedAll(usageEndpoints),
  /** Partial failures: the stats, the chart or the spending data fail alone. */
  overviewError: failing('/api/usage/overview', 'Usage statistics are temporarily unavailable.'),
  chartError: failing('/api/usage/chart', 'The usage chart is temporarily unavailable.'),
  spendingError: failing('/api/usage/spending', 'Spending data is temporarily unavailable.'),
  /** A 500 without the JSON error shape: screens show their own fallback message. */
  broken: [
    http.get('/api/usage/*', () => new HttpResponse('Internal Server Error', { status: 500 })),
  ],
} satisfies Scenarios<string>;

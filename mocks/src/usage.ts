import { http, HttpResponse } from 'msw';
import { canonicalTimeZone, TIME_ZONE_RULE } from '@parlance/contract/calendar';
import type { ErrorResponse, Spending, UsageChart, UsageOverview } from '@parlance/contract';
import { usageEndpoints, type Endpoint } from '@parlance/contract/endpoints';
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
  on,
  slowAll,
  unauthorizedAll,
  type Example,
  type Scenarios,
} from './support';

/** The dashboard's usage calls (the CSV is a download link). */
const endpoints = [usageEndpoints.overview, usageEndpoints.chart, usageEndpoints.spending];

/** Requests for the contract test: spending needs its range. */
export const usageExamples: Example[] = [
  {
    endpoint: usageEndpoints.spending,
    query: { from: '2026-10-21', to: '2026-11-20', tz: 'America/Los_Angeles' },
  },
];

/** Every usage call takes `tz` as the server does: an IANA name, UTC when absent. */
const timeZoneOf = (query: URLSearchParams) => canonicalTimeZone(query.get('tz') ?? 'UTC');
const badTimeZone = () => apiError('validation_failed', `tz: ${TIME_ZONE_RULE}`);

/** The fixtures' months do not move with the zone: only a zone the server refuses changes the answer. */
const statistics = (endpoint: Endpoint, body: UsageOverview | UsageChart) =>
  on<never, never, UsageOverview | UsageChart | ErrorResponse>(endpoint, ({ request }) =>
    timeZoneOf(new URL(request.url).searchParams)
      ? HttpResponse.json<UsageOverview | UsageChart>(body)
      : badTimeZone(),
  );

const spending = (empty: boolean) =>
  on<never, never, Spending | ErrorResponse>(usageEndpoints.spending, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const from = query.get('from');
    const to = query.get('to');
    const timeZone = timeZoneOf(query);
    if (!from || !to) return apiError('validation_failed', 'from: is required (YYYY-MM-DD)');
    if (!timeZone) return badTimeZone();
    return HttpResponse.json<Spending>(spendingFixture(from, to, timeZone, empty));
  });

function handlersFor(overview: UsageOverview, chart: UsageChart, empty: boolean) {
  return [
    statistics(usageEndpoints.overview, overview),
    statistics(usageEndpoints.chart, chart),
    spending(empty),
  ];
}

const populated = handlersFor(usageOverviewFixture, usageChartFixture, false);

/** One call fails with the server's message; the other usage calls answer normally. */
const failing = (endpoint: Endpoint, message: string) => [
  on(endpoint, () => apiError('internal_error', message)),
  ...populated,
];

export const usageHandlers = {
  default: populated,
  empty: handlersFor(emptyUsageOverviewFixture, emptyUsageChartFixture, true),
  error: failAll(endpoints),
  slow: slowAll(endpoints),
  unauthorized: unauthorizedAll(endpoints),
  /** Partial failures: the stats, the chart or the spending data fail alone. */
  overviewError: failing(usageEndpoints.overview, 'Usage statistics are temporarily unavailable.'),
  chartError: failing(usageEndpoints.chart, 'The usage chart is temporarily unavailable.'),
  spendingError: failing(usageEndpoints.spending, 'Spending data is temporarily unavailable.'),
  /** A 500 without the JSON error shape: screens show their own fallback message. */
  broken: [
    http.get('/api/usage/*', () => new HttpResponse('Internal Server Error', { status: 500 })),
  ],
} satisfies Scenarios<string>;

import type { Spending, SpendingQuery, UsageChart, UsageOverview } from '@parlance/contract';
import { DEFAULT_CHART_PERIOD, usageEndpoints, usagePaths } from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';
import { SESSION_CACHE_SECONDS } from '../../../store/sessionCache';
import { localTimeZone } from './spendingRange';

export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsageOverview: build.query<UsageOverview, void>({
      // This month is the user's calendar month.
      query: () => request(usageEndpoints.overview, { query: { tz: localTimeZone() } }),
      providesTags: ['Stats'],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getUsageChart: build.query<UsageChart, string | void>({
      query: (period) =>
        request(usageEndpoints.chart, {
          query: { period: period || DEFAULT_CHART_PERIOD, tz: localTimeZone() },
        }),
      providesTags: ['Chart'],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    /** Days are counted in `tz`, the zone `from` and `to` were computed in (see spendingRange). */
    getSpending: build.query<Spending, SpendingQuery>({
      query: ({ from, to, tz }) => request(usageEndpoints.spending, { query: { from, to, tz } }),
      providesTags: ['Spending'],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
  }),
});

export const { useGetUsageOverviewQuery, useGetUsageChartQuery, useGetSpendingQuery } = usageApi;

/** The CSV of every charged job in the range (a download the browser fetches with the session). */
export const spendingCsvHref = ({ from, to, tz }: SpendingQuery) =>
  `${usagePaths.spendingCsv}?${new URLSearchParams({ from, to, tz: tz ?? 'UTC' }).toString()}`;

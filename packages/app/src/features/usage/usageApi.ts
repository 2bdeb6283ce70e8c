import type { Spending, UsageChart, UsageOverview } from '@parlance/server/contract';
import { api } from '../../store/api';
import { SESSION_CACHE_SECONDS } from '../../store/sessionCache';

export const DEFAULT_CHART_PERIOD = '6months';

export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsageOverview: build.query<UsageOverview, void>({
      query: () => '/api/usage/overview',
      providesTags: ['Stats'],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getUsageChart: build.query<UsageChart, string | void>({
      query: (period) => ({
        url: '/api/usage/chart',
        params: { period: period || DEFAULT_CHART_PERIOD },
      }),
      providesTags: ['Chart'],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getSpending: build.query<Spending, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/api/usage/spending', params: { from, to } }),
      providesTags: ['Spending'],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
  }),
});

export const { useGetUsageOverviewQuery, useGetUsageChartQuery, useGetSpendingQuery } = usageApi;

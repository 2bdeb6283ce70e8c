import { afterEach, describe, expect, test, vi } from 'vitest';
import { recordRequests } from '../../../test/recordRequests';
import { usageApi } from './usageApi';

const call = recordRequests();

describe('usage calls', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test('overview and chart (period 6months by default) in the user’s zone; spending (from, to, tz)', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(await call((d) => d(usageApi.endpoints.getUsageOverview.initiate()))).toMatchObject({
      method: 'GET',
      path: '/api/usage/overview',
      query: '?tz=America%2FLos_Angeles',
    });
    expect((await call((d) => d(usageApi.endpoints.getUsageChart.initiate()))).query).toBe(
      '?period=6months&tz=America%2FLos_Angeles',
    );
    expect(
      (
        await call((d) =>
          d(
            usageApi.endpoints.getSpending.initiate({
              from: '2026-10-21',
              to: '2026-11-20',
              tz: 'Asia/Kathmandu',
            }),
          ),
        )
      ).query,
    ).toBe('?from=2026-10-21&to=2026-11-20&tz=Asia%2FKathmandu');
  });
});

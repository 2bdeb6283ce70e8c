/** The spending mock counts days in the request's `tz` as the server does, and refuses bad zones. */
import { getResponse } from 'msw';
import { calendarDay } from '@parlance/contract/calendar';
import type { ErrorResponse, Spending } from '@parlance/contract';
import { describe, expect, test } from 'vitest';
import { usageHandlers } from './usage';

const BASE = 'http://localhost';

async function get(path: string) {
  const response = await getResponse(usageHandlers.default, new Request(new URL(path, BASE)), {
    baseUrl: BASE,
  });
  if (!response) throw new Error(`no handler answered ${path}`);
  return response;
}

describe('usage mocks in a time zone', () => {
  // NOW, 12:00 UTC on November 20, is already 01:00 on November 21 in Auckland.
  test.each([
    ['', 'UTC', '2026-11-20'],
    ['&tz=America/Los_Angeles', 'America/Los_Angeles', '2026-11-20'],
    ['&tz=Pacific/Auckland', 'Pacific/Auckland', '2026-11-21'],
  ])(
    'spending%s ends on NOW’s day there and charges each job on its day',
    async (tz, zone, today) => {
      const response = await get(`/api/usage/spending?from=2026-11-14&to=2026-11-30${tz}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Spending;
      expect(body.days.at(-1)?.date).toBe(today);
      const busy = body.days.filter((day) => day.minutes > 0).map((day) => day.date);
      expect(busy.length).toBeGreaterThan(0);
      const charged = body.transcriptions.map((job) => calendarDay(new Date(job.createdAt), zone));
      expect(charged).toEqual([...busy].reverse());
    },
  );

  test.each([
    '/api/usage/spending?from=2026-11-14&to=2026-11-20&tz=Nowhere/Atlantis',
    '/api/usage/overview?tz=%2B05:00',
    '/api/usage/chart?tz=',
  ])('%s answers 400 as the server does', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect((await response.json()) as ErrorResponse).toEqual({
      message: 'tz: must be an IANA time zone name, e.g. America/Los_Angeles',
      code: 'validation_failed',
    });
  });

  test('overview and chart accept a zone', async () => {
    for (const path of ['/api/usage/overview?tz=Asia/Kathmandu', '/api/usage/chart?tz=UTC']) {
      expect((await get(path)).status, path).toBe(200);
    }
  });
});

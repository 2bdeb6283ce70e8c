import { HttpResponse } from 'msw';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { describe, expect, test, vi } from 'vitest';
import { billingEndpoints, systemEndpoints } from '@parlance/contract/endpoints';
import { on } from '@parlance/mocks';
import { server } from '../test/server';
import { createBaseQuery } from './baseQuery';

const apiFor = (endpoint: string) =>
  ({
    endpoint,
    signal: new AbortController().signal,
    abort: vi.fn(),
    dispatch: vi.fn(),
    getState: vi.fn(),
    extra: undefined,
    type: 'query',
  }) as unknown as BaseQueryApi;

const run = (endpoint: string, url: string) => createBaseQuery()(url, apiFor(endpoint), {});

describe('base query', () => {
  test('errors pass through unchanged (the 401 rule is sessionExpiry)', async () => {
    server.use(
      on(billingEndpoints.info, () =>
        HttpResponse.json({ message: 'Billing is down', code: 'internal' }, { status: 500 }),
      ),
    );
    const result = await run('billingInfo', billingEndpoints.info.path);
    expect(result.error).toEqual({
      status: 500,
      data: { message: 'Billing is down', code: 'internal' },
    });
  });

  test('sends the session cookie: credentials include', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      on(systemEndpoints.config, ({ request }) => {
        credentials = request.credentials;
        return HttpResponse.json({
          turnstileSiteKey: null,
          googleEnabled: false,
          testPayments: false,
        });
      }),
    );
    await run('config', systemEndpoints.config.path);
    expect(credentials).toBe('include');
  });
});

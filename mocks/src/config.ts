import { http, HttpResponse } from 'msw';
import type { PublicConfig } from '@parlance/contract';
import { systemPaths } from '@parlance/contract/endpoints';
import { failAll, slowAll, unauthorizedAll, type Endpoint, type Scenarios } from './support';

export const configEndpoints = [
  { method: 'get', path: systemPaths.config },
] as const satisfies readonly Endpoint[];

/** The test site key Cloudflare documents as "always passes". */
export const TURNSTILE_TEST_SITE_KEY = '1x00000000000000000000AA';

const configWith = (config: PublicConfig) => [
  http.get(systemPaths.config, () => HttpResponse.json<PublicConfig>(config)),
];

export const configHandlers = {
  /** No bot check, Google sign-in available. */
  default: configWith({ turnstileSiteKey: null, googleEnabled: true, testPayments: false }),
  /** A deployment that opted into ALLOW_TEST_PAYMENTS: the dashboard shows a test-mode banner. */
  testPayments: configWith({ turnstileSiteKey: null, googleEnabled: true, testPayments: true }),
  empty: configWith({ turnstileSiteKey: null, googleEnabled: false, testPayments: false }),
  error: failAll(configEndpoints),
  slow: slowAll(configEndpoints),
  unauthorized: unauthorizedAll(configEndpoints),
  withTurnstile: configWith({
    turnstileSiteKey: TURNSTILE_TEST_SITE_KEY,
    googleEnabled: true,
    testPayments: false,
  }),
} satisfies Scenarios<'withTurnstile' | 'testPayments'>;

import { HttpResponse } from 'msw';
import type { PublicConfig, ServiceLimits } from '@parlance/contract';
import { systemEndpoints } from '@parlance/contract/endpoints';
import { failAll, on, slowAll, unauthorizedAll, type Scenarios } from './support';

const endpoints = [systemEndpoints.config];

/** The test site key Cloudflare documents as "always passes". */
export const TURNSTILE_TEST_SITE_KEY = '1x00000000000000000000AA';

/** What a new account is given unless a scenario says otherwise: the server's default, $5.00. */
const SIGNUP_CREDIT_MICROS = 5_000_000;

/** The limits of a server on its default settings. */
export const serviceLimitsFixture: ServiceLimits = {
  maxUploadBytes: 500 * 1024 * 1024,
  maxResumableUploadBytes: 5 * 1024 ** 3,
  maxAudioSeconds: 4 * 60 * 60,
  maxRunningJobsPerAccount: 4,
  rateLimitWindowSeconds: 60,
  requestsPerKey: 600,
  submissionsPerKey: 120,
  requestsPerAccount: 1200,
  submissionsPerAccount: 240,
  requestsPerIp: 1200,
  submissionsPerIp: 240,
  liveStreamsPerAccount: 2,
  liveIdleTimeoutSeconds: 20,
  liveUnusedSecondsPerHour: 300,
};

const configWith = (
  config: Omit<PublicConfig, 'signupCreditMicros' | 'limits'>,
  signupCreditMicros = SIGNUP_CREDIT_MICROS,
) => [
  on(systemEndpoints.config, () =>
    HttpResponse.json<PublicConfig>({
      ...config,
      signupCreditMicros,
      limits: serviceLimitsFixture,
    }),
  ),
];

export const configHandlers = {
  /** No bot check, Google sign-in available. */
  default: configWith({ turnstileSiteKey: null, googleEnabled: true, testPayments: false }),
  /** A deployment that opted into ALLOW_TEST_PAYMENTS: the dashboard shows a test-mode banner. */
  testPayments: configWith({ turnstileSiteKey: null, googleEnabled: true, testPayments: true }),
  /** Nothing optional: no Google, no bot check, no credit for new accounts. */
  empty: configWith({ turnstileSiteKey: null, googleEnabled: false, testPayments: false }, 0),
  error: failAll(endpoints),
  slow: slowAll(endpoints),
  unauthorized: unauthorizedAll(endpoints),
  withTurnstile: configWith({
    turnstileSiteKey: TURNSTILE_TEST_SITE_KEY,
    googleEnabled: true,
    testPayments: false,
  }),
} satisfies Scenarios<'withTurnstile' | 'testPayments'>;

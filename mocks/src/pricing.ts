import { http, HttpResponse } from 'msw';
import type { RatesResponse } from '@parlance/contract';
import { billingPaths } from '@parlance/contract/endpoints';
import { installedRatesFixture } from './fixtures/billing';
import { failAll, slowAll, unauthorizedAll, type Endpoint, type Scenarios } from './support';

/** The public price list of the pricing page (GET /api/billing/rates needs no session). */
export const pricingEndpoints = [
  { method: 'get', path: billingPaths.rates },
] as const satisfies readonly Endpoint[];

const ratesWith = (rates: RatesResponse['rates']) => [
  http.get(billingPaths.rates, () =>
    HttpResponse.json<RatesResponse>({
      currency: 'USD',
      billing: 'Exactly per second of audio, rounded up to the next $0.000001',
      rates,
    }),
  ),
];

export const pricingHandlers = {
  default: ratesWith(installedRatesFixture),
  empty: ratesWith([]),
  error: failAll(pricingEndpoints),
  slow: slowAll(pricingEndpoints),
  unauthorized: unauthorizedAll(pricingEndpoints),
} satisfies Scenarios;

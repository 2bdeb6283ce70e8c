import { HttpResponse } from 'msw';
import type { RatesResponse } from '@parlance/contract';
import { billingEndpoints } from '@parlance/contract/endpoints';
import { installedRatesFixture } from './fixtures/billing';
import { failAll, on, slowAll, unauthorizedAll, type Scenarios } from './support';

/** The public price list of the pricing page (GET /api/billing/rates needs no session). */
const endpoints = [billingEndpoints.rates];

const ratesWith = (rates: RatesResponse['rates']) => [
  on(billingEndpoints.rates, () =>
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
  error: failAll(endpoints),
  slow: slowAll(endpoints),
  unauthorized: unauthorizedAll(endpoints),
} satisfies Scenarios;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingPaths } from '@parlance/contract/endpoints';
import { RatesResponse } from '@parlance/contract';
import { errorResponses } from '../../http/schemas.js';
import type { ModelCatalog } from '../models.js';
import { apiLimits } from './limits.js';

const CHARGED_PER = 'Exactly per second of audio, rounded up to the next $0.000001';

/**
 * The public price list of the pricing page: the models this server runs (priced in the rate
 * table and installed in the engine), the same ones GET /v1/models lists.
 */
export const ratesRoute: FastifyPluginAsyncZod<{ catalog: ModelCatalog }> = async (
  app,
  { catalog },
) => {
  app.get(
    billingPaths.rates,
    {
      // Anyone may ask, as often as the API's per-IP limit allows.
      onRequest: apiLimits(app).perIp,
      schema: {
        tags: ['billing'],
        summary: 'Price per installed model (public, for the pricing page)',
        response: { 200: RatesResponse, ...errorResponses(429, 503) },
      },
    },
    async () => ({
      currency: 'USD' as const,
      billing: CHARGED_PER,
      rates: (await catalog.list()).map(({ model, microsPerHour, usdPerMinute, englishOnly }) => ({
        model,
        microsPerHour,
        usdPerMinute,
        englishOnly,
      })),
    }),
  );
};

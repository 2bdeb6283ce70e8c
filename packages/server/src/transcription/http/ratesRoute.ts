import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingOperations } from '@parlance/contract';
import { serve } from '../../http/operation.js';
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
  serve(
    app,
    billingOperations.rates,
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
    // Anyone may ask, as often as the API's per-IP limit allows.
    { onRequest: apiLimits(app).perIp },
  );
};

import type { AnyHandler } from 'msw';
import type { Endpoint } from './support';
import { authEndpoints, authHandlers } from './auth';
import { configEndpoints, configHandlers } from './config';
import { contactEndpoints, contactHandlers } from './contact';
import { healthEndpoints, healthHandlers } from './health';
import { pricingEndpoints, pricingHandlers } from './pricing';
import { usageEndpoints, usageHandlers } from './usage';
import { billingEndpoints, billingHandlers } from './billing';
import { transcriptsEndpoints, transcriptsHandlers } from './transcripts';
import { apiKeysEndpoints, apiKeysHandlers } from './apiKeys';
import { accountEndpoints, accountHandlers } from './account';

export { authHandlers, setSignedInHint } from './auth';
export { userFixture } from './fixtures/auth';
export { configHandlers, serviceLimitsFixture, TURNSTILE_TEST_SITE_KEY } from './config';
export { contactHandlers } from './contact';
export { healthHandlers } from './health';
export { pricingHandlers } from './pricing';
export { usageHandlers } from './usage';
export { billingHandlers } from './billing';
export { emptyBillingInfoFixture, transactionsFixture } from './fixtures/billing';
export { LIVE_CUT_SECONDS, transcriptsHandlers } from './transcripts';
export { queuedTranscriptFixture } from './fixtures/transcripts';
export { apiKeysHandlers } from './apiKeys';
export { accountHandlers, rotatedWebhookSecretFixture, webhookSecretFixture } from './account';
export { NOW } from './support';

/** Every domain's scenarios, for tests that walk them all (contract.test.ts). */
export const scenariosByDomain = {
  auth: authHandlers,
  config: configHandlers,
  contact: contactHandlers,
  health: healthHandlers,
  pricing: pricingHandlers,
  usage: usageHandlers,
  billing: billingHandlers,
  transcripts: transcriptsHandlers,
  apiKeys: apiKeysHandlers,
  account: accountHandlers,
};

/** Every domain's routes, with example requests where the bare path is not one. */
export const endpointsByDomain: Record<keyof typeof scenariosByDomain, readonly Endpoint[]> = {
  auth: authEndpoints,
  config: configEndpoints,
  contact: contactEndpoints,
  health: healthEndpoints,
  pricing: pricingEndpoints,
  usage: usageEndpoints,
  billing: billingEndpoints,
  transcripts: transcriptsEndpoints,
  apiKeys: apiKeysEndpoints,
  account: accountEndpoints,
};

/**
 * Default handlers keyed by API domain, so a story can override one domain
 * (`{ billing: billingHandlers.error }`) and keep the rest.
 */
export const handlers: Record<string, AnyHandler[]> = Object.fromEntries(
  Object.entries(scenariosByDomain).map(([domain, scenarios]) => [domain, scenarios.default]),
);
export { STRIPE_STAND_IN_API, stripeHandlers } from './stripe/handlers';
export { installStripeStandIn } from './stripe/standIn';

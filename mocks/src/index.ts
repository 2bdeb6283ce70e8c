import type { AnyHandler } from 'msw';
import type { Example } from './support';
import { authHandlers } from './auth';
import { configHandlers } from './config';
import { contactHandlers } from './contact';
import { healthHandlers } from './health';
import { pricingHandlers } from './pricing';
import { usageExamples, usageHandlers } from './usage';
import { billingExamples, billingHandlers } from './billing';
import { transcriptsExamples, transcriptsHandlers } from './transcripts';
import { apiKeysExamples, apiKeysHandlers } from './apiKeys';
import { accountExamples, accountHandlers } from './account';

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
export { heldRequests, NOW, on } from './support';

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

/** Requests for the contract test where the bare path is not one (by endpoint). */
export const examples: Example[] = [
  ...accountExamples,
  ...apiKeysExamples,
  ...billingExamples,
  ...transcriptsExamples,
  ...usageExamples,
];

/**
 * Default handlers keyed by API domain, so a story can override one domain
 * (`{ billing: billingHandlers.error }`) and keep the rest.
 */
export const handlers: Record<string, AnyHandler[]> = Object.fromEntries(
  Object.entries(scenariosByDomain).map(([domain, scenarios]) => [domain, scenarios.default]),
);
export { STRIPE_STAND_IN_API, stripeHandlers } from './stripe/handlers';
export { installStripeStandIn } from './stripe/standIn';

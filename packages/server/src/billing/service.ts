import type { Database } from '../db/index.js';
import { createCards } from './cards.js';
import type { BillingConfig } from './config.js';
import type { Clock } from './deps.js';
import { createLedger } from './ledger.js';
import { createStripeProvider, type StripeProvider } from './providers/stripeProvider.js';
import { createTestProvider } from './providers/testProvider.js';
import type { PaymentProvider } from './providers/types.js';
import { createPurchases } from './purchases.js';

/** Everything the billing routes use, wired once per app. */
export function createBilling(db: Database, config: BillingConfig, clock: Clock) {
  const stripe: StripeProvider | null = config.stripe ? createStripeProvider(config.stripe) : null;
  const provider: PaymentProvider = stripe ?? createTestProvider();
  const cards = createCards(db, provider, clock);
  return {
    db,
    config,
    clock,
    provider,
    /** Set when Stripe takes the payments (its webhook is then live). */
    stripe,
    ledger: createLedger(db, clock),
    cards,
    purchases: createPurchases(db, provider, cards, clock),
  };
}

export type Billing = ReturnType<typeof createBilling>;

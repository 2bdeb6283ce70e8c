import { paymentErrorCode } from '@parlance/contract/endpoints';
import { DomainError } from '../../domainErrors.js';

/** What the billing service needs from a payment processor (Stripe, or the built-in test mode). */

export interface CardDisplay {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A card the provider holds; `providerRef` is how we name it to the provider. */
export interface ProviderCard extends CardDisplay {
  providerRef: string;
}

/** Raw card fields: accepted by the test provider only (Stripe cards never touch our server). */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ProviderCustomer {
  userId: string;
  email: string;
  /** The provider's customer id, null until the provider has created one. */
  customerRef: string | null;
}

export type AddCardResult =
  | { status: 'saved'; card: ProviderCard }
  /** The client finishes with the provider (Stripe.js confirmCardSetup); a webhook saves the card. */
  | { status: 'requires_action'; clientSecret: string };

export type ChargeOutcome =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'requires_action'; providerRef: string; clientSecret: string }
  /** The bank has not answered yet (Stripe's `processing`): neither paid nor failed. */
  | { status: 'processing'; providerRef: string }
  | { status: 'failed'; providerRef: string | null; code: string; message: string };

export interface ChargeRequest {
  customer: ProviderCustomer;
  /** Our payment id: also the provider idempotency key, so a retried call never charges twice. */
  paymentId: string;
  /** Cards are charged whole cents: the one place money is not micro-dollars (billing/money.ts). */
  amountCents: number;
  /** The cardholder is not there (auto top-up): the bank cannot ask for 3-D Secure. */
  offSession: boolean;
}

/** How a saved card is named to its provider (last4 lets the test provider pick its outcome). */
export interface SavedCardRef {
  providerRef: string;
  last4: string;
}

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  /** Creates the provider's customer when missing; returns its id (null if the provider has none). */
  ensureCustomer(customer: ProviderCustomer): Promise<string | null>;
  addCard(customer: ProviderCustomer, input: CardInput | null, now: Date): Promise<AddCardResult>;
  removeCard(providerRef: string): Promise<void>;
  /**
   * Charges a saved card: with the buyer present, 3-D Secure may be asked (requires_action);
   * off-session, a card that needs it fails.
   */
  charge(request: ChargeRequest, card: SavedCardRef): Promise<ChargeOutcome>;
  /**
   * Where a charge that asked for the cardholder (requires_action) stands now: the first
   * PaymentIntent itself, so a retried purchase never creates a second one, however late.
   */
  chargeStatus(providerRef: string): Promise<ChargeOutcome>;
  /** Cancels a charge still waiting for the cardholder; one paid meanwhile answers succeeded. */
  cancelCharge(providerRef: string): Promise<ChargeOutcome>;
  /** Starts a purchase without a saved card, confirmed by the client; null when unsupported. */
  startCheckout:
    | ((request: ChargeRequest) => Promise<Extract<ChargeOutcome, { status: 'requires_action' }>>)
    | null;
}

/** A card error: the charge or card was refused; nothing was booked. */
export class PaymentError extends DomainError {
  override name = 'PaymentError';

  /** `code`: the provider's, answered as `card_declined` unless the API lists it. */
  constructor(code: string | null, message: string) {
    super(paymentErrorCode(code), message);
  }
}

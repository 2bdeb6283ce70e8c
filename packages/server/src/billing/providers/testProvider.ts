import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domainErrors.js';
import { PaymentError, type CardInput, type PaymentProvider } from './types.js';

/**
 * The built-in payment provider, used when Stripe is not configured. It behaves like Stripe
 * test mode: only Stripe's published test card numbers are accepted, and each one has a
 * fixed outcome. Only brand, last4 and expiry are kept.
 */

type Outcome = { status: 'succeeded' } | { status: 'failed'; code: string; message: string };

const SUCCEEDS: Outcome = { status: 'succeeded' };

const declined = (code: string, message: string): Outcome => ({ status: 'failed', code, message });

const TEST_CARDS: Record<string, { brand: string; outcome: Outcome }> = {
  '4242424242424242': { brand: 'visa', outcome: SUCCEEDS },
  '4000056655665556': { brand: 'visa', outcome: SUCCEEDS },
  '5555555555554444': { brand: 'mastercard', outcome: SUCCEEDS },
  '378282246310005': { brand: 'amex', outcome: SUCCEEDS },
  '4000000000000002': {
    brand: 'visa',
    outcome: declined('card_declined', 'Your card was declined.'),
  },
  '4000000000009995': {
    brand: 'visa',
    outcome: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  '4000000000000069': {
    brand: 'visa',
    outcome: declined('expired_card', 'Your card has expired.'),
  },
  '4000000000000127': {
    brand: 'visa',
    outcome: declined('incorrect_cvc', "Your card's security code is incorrect."),
  },
};

/** Charging outcome by last4 (unique among the test cards), as only last4 is stored. */
const OUTCOME_BY_LAST4 = new Map(
  Object.entries(TEST_CARDS).map(([number, card]) => [number.slice(-4), card.outcome]),
);

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function validateCard(input: CardInput, now: Date) {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw new PaymentError('incorrect_number', 'Your card number is incorrect.');
  }
  const card = TEST_CARDS[number];
  if (!card) {
    throw new PaymentError(
      'live_card_in_test_mode',
      'Your card was declined. Payments run in test mode: use a test card such as 4242 4242 4242 4242.',
    );
  }
  const cvcLength = card.brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) {
    throw new PaymentError('incorrect_cvc', "Your card's security code is invalid.");
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (input.expYear < year || (input.expYear === year && input.expMonth < month)) {
    throw new PaymentError('expired_card', 'Your card has expired.');
  }
  if (input.expYear > year + 20) {
    throw new PaymentError('invalid_expiry_year', "Your card's expiration year is invalid.");
  }
  return { number, brand: card.brand };
}

export function createTestProvider(): PaymentProvider {
  return {
    kind: 'test',

    async ensureCustomer() {
      return null;
    },

    async addCard(_customer, input, now) {
      if (!input)
        throw new DomainError(
          'card_fields_required',
          'Enter the card number, expiry month, expiry year and CVC.',
        );
      const { number, brand } = validateCard(input, now);
      const last4 = number.slice(-4);
      return {
        status: 'saved',
        card: {
          providerRef: `tcard_${randomUUID()}`,
          brand,
          last4,
          expMonth: input.expMonth,
          expYear: input.expYear,
        },
      };
    },

    async removeCard() {},

    async charge(request, card) {
      const outcome = OUTCOME_BY_LAST4.get(card.last4);
      const providerRef = `tpay_${request.paymentId}`;
      if (!outcome) {
        return {
          status: 'failed',
          providerRef,
          code: 'card_declined',
          message: 'Your card was declined.',
        };
      }
      return outcome.status === 'succeeded'
        ? { status: 'succeeded', providerRef }
        : { ...outcome, providerRef };
    },

    // A test charge is decided at once: none ever waits for the cardholder.
    async chargeStatus(providerRef) {
      throw new Error(`test payment ${providerRef} never waits for the cardholder`);
    },
    async cancelCharge(providerRef) {
      throw new Error(`test payment ${providerRef} never waits for the cardholder`);
    },

    // Test mode has no hosted card form: a card must be saved before buying.
    startCheckout: null,
  };
}

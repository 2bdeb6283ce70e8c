import { describe, expect, it } from 'vitest';
import { cardExpiry, cardLabel } from './cardDisplay';

describe('card display', () => {
  it('names the brand and the last four digits', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005');
    expect(cardLabel({ brand: 'elo', last4: '1234' })).toBe('Elo •••• 1234');
  });

  it('shows the expiry as MM/YY', () => {
    expect(cardExpiry({ expMonth: 8, expYear: 2028 })).toBe('08/28');
    expect(cardExpiry({ expMonth: 12, expYear: 2030 })).toBe('12/30');
  });
});

import { describe, expect, test } from 'vitest';
import { refreshFailureMessage, type RefreshBlock } from './messages';

describe('refreshFailureMessage', () => {
  test.each<[RefreshBlock, string]>([
    ['stats', 'Failed to refresh stats'],
    ['billing', 'Failed to refresh billing'],
    ['transactions', 'Failed to refresh transactions'],
    ['spending', 'Failed to refresh spending'],
    ['paymentMethods', 'Failed to refresh payment methods'],
  ])('one block (%s): the spec’s own message', (block, message) => {
    expect(refreshFailureMessage([block])).toBe(message);
  });

  test('several blocks: one message naming each, in order', () => {
    expect(refreshFailureMessage(['stats', 'billing'])).toBe('Failed to refresh stats and billing');
    expect(refreshFailureMessage(['stats', 'billing', 'spending'])).toBe(
      'Failed to refresh stats, billing and spending',
    );
    expect(
      refreshFailureMessage(['stats', 'billing', 'transactions', 'spending', 'paymentMethods']),
    ).toBe('Failed to refresh stats, billing, transactions, spending and payment methods');
  });
});

import { afterAll, expect, test, vi } from 'vitest';
import { stripeFor } from './loadStripeJs';

/** The scripts this file's loads add: the dom project's files share one document. */
const present = new Set(document.querySelectorAll('script'));
const added = () =>
  [...document.querySelectorAll('script')].filter((script) => !present.has(script));
const scripts = () => added().map((script) => script.src);
afterAll(() => {
  for (const script of added()) script.remove();
});

test('loads nothing when payments do not go through Stripe', () => {
  expect(
    stripeFor({ paymentProvider: 'test', stripePublishableKey: null, stripeJsUrl: null }),
  ).toBeNull();
  expect(scripts()).toEqual([]);
});

test("loads the stand-in the server names, else Stripe.js from Stripe's origin, once per key", async () => {
  const standIn = 'http://127.0.0.1:4010/v3/stripe.js';
  stripeFor({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_a', stripeJsUrl: standIn });
  expect(scripts()).toEqual([standIn]);

  const info = {
    paymentProvider: 'stripe' as const,
    stripePublishableKey: 'pk_test_b',
    stripeJsUrl: null,
  };
  const stripe = stripeFor(info);
  await vi.waitFor(() => expect(scripts()).toHaveLength(2));
  expect(scripts()[1]).toMatch(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/);
  expect(stripeFor(info)).toBe(stripe);
  expect(scripts()).toHaveLength(2);
});

import type { BillingInfo } from '@parlance/contract';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Adds a classic script once and waits for it (the stand-in defines window.Stripe). */
function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    document.head.append(script);
  });
}

/** What the page says when Stripe.js could not be loaded. */
export const STRIPE_UNAVAILABLE =
  'Stripe.js could not be loaded, so cards cannot be entered or confirmed. Check that nothing blocks js.stripe.com, then reload the page.';

/**
 * Stripe.js for the server's publishable key, loaded on first use (only the billing screens ask,
 * so no other page fetches it): from js.stripe.com, or from the stand-in the server names in
 * tests (`stripeJsUrl`), which loadStripe then finds as window.Stripe. Resolves null when it could
 * not be loaded (blocked, offline): the page says so, and a reload tries again. Null (no promise)
 * when payments do not go through Stripe.
 */
export function stripeFor(
  info: Pick<BillingInfo, 'paymentProvider' | 'stripePublishableKey' | 'stripeJsUrl'>,
): Promise<Stripe | null> | null {
  const key = info.stripePublishableKey;
  if (info.paymentProvider !== 'stripe' || !key) return null;
  const cached = loaded.get(key);
  if (cached) return cached;
  const promise = (info.stripeJsUrl ? addScript(info.stripeJsUrl) : Promise.resolve())
    .then(() => loadStripe(key))
    .catch(() => null);
  loaded.set(key, promise);
  return promise;
}

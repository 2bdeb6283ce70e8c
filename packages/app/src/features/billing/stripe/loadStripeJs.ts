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

/**
 * Stripe.js for the server's publishable key, loaded on first use (only the billing screens ask,
 * so no other page fetches it): from js.stripe.com, or from the stand-in the server names in
 * tests (`stripeJsUrl`), which loadStripe then finds as window.Stripe. Null when payments do not
 * go through Stripe.
 */
export function stripeFor(
  info: Pick<BillingInfo, 'paymentProvider' | 'stripePublishableKey' | 'stripeJsUrl'>,
): Promise<Stripe | null> | null {
  const key = info.stripePublishableKey;
  if (info.paymentProvider !== 'stripe' || !key) return null;
  const cached = loaded.get(key);
  if (cached) return cached;
  const promise = (info.stripeJsUrl ? addScript(info.stripeJsUrl) : Promise.resolve()).then(() =>
    loadStripe(key),
  );
  // A failed load (offline, blocked) is tried again the next time a screen asks.
  promise.catch(() => loaded.delete(key));
  loaded.set(key, promise);
  return promise;
}

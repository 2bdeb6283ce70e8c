/**
 * Starts what the journeys run against: the local OpenID provider standing in for Google, the
 * built product twice, on embedded storage (PGlite) and on PostgreSQL, and once more taking
 * payments through Stripe, with the Stripe fake and its Stripe.js stand-in in Stripe's place.
 * Tests read the URLs with `inject('products')` and `inject('stripeProduct')`; everything stops
 * when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { billingPaths } from '@parlance/contract/endpoints';
import {
  FAKE_PUBLISHABLE_KEY,
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startStripeFake,
} from '../../server/test/billing-stripe-fake';
import { googleClient, startOidcProvider } from './oidc';
import { startProduct, type Backend, type Product } from './product';

export interface ProductUnderTest {
  backend: Backend;
  url: string;
  log: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    products: ProductUnderTest[];
    stripeProduct: ProductUnderTest;
  }
}

const backends: Backend[] = ['pglite', 'postgres'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const oidc = await startOidcProvider();
  const env = {
    // The journeys' webhook receiver listens on 127.0.0.1, which production refuses (SSRF).
    ALLOW_PRIVATE_AUDIO_URLS: 'true',
    GOOGLE_CLIENT_ID: googleClient.id,
    GOOGLE_CLIENT_SECRET: googleClient.secret,
    GOOGLE_ISSUER: oidc.issuer,
  };
  const stripe = await startStripeFake();
  const stripeEnv = {
    ...env,
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
    STRIPE_API_BASE: stripe.url,
    STRIPE_JS_URL: `${stripe.url}/v3/stripe.js`,
  };
  const started = await Promise.allSettled([
    ...backends.map((backend) => startProduct(backend, env)),
    startProduct('pglite', stripeEnv),
  ]);
  const running = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const stop = async () => {
    await Promise.all(running.map((product: Product) => product.stop()));
    await Promise.all([oidc.stop(), stripe.close()]);
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  const products = running.slice(0, backends.length);
  const stripeProduct = running[backends.length];
  if (!stripeProduct) throw new Error('the product with Stripe did not start');
  oidc.allow(products.map((product) => `${product.url}/api/auth/google/callback`));
  stripe.webhookUrl = `${stripeProduct.url}${billingPaths.stripeWebhook}`;
  project.provide(
    'products',
    products.map(({ backend, url, log }) => ({ backend, url, log })),
  );
  project.provide('stripeProduct', {
    backend: stripeProduct.backend,
    url: stripeProduct.url,
    log: stripeProduct.log,
  });
  return stop;
}

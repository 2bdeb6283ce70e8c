/**
 * Starts what the journeys run against: the local OpenID provider standing in for Google, and the
 * built product twice, on embedded storage (PGlite) and on PostgreSQL. Tests read the URLs with
 * `inject('products')`; everything stops when the run ends.
 */
import type { TestProject } from 'vitest/node';
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
  const started = await Promise.allSettled(backends.map((backend) => startProduct(backend, env)));
  const products = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const stop = async () => {
    await Promise.all(products.map((product: Product) => product.stop()));
    await oidc.stop();
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  oidc.allow(products.map((product) => `${product.url}/api/auth/google/callback`));
  project.provide(
    'products',
    products.map(({ backend, url, log }) => ({ backend, url, log })),
  );
  return stop;
}

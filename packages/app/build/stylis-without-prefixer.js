// stylis for production bundles, without its vendor prefixer (see stylisWithoutPrefixer in
// ../vite.config.ts): styled-components calls it only under enableVendorPrefixes, never set here.
export * from '../../../node_modules/stylis/index.js';

export function prefixer() {
  throw new Error('Vendor prefixes are left out of this build: see packages/app/vite.config.ts');
}

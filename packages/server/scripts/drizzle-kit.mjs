// Runs drizzle-kit with drizzle-orm resolved from this package: npm installed drizzle-orm under
// packages/server/node_modules while drizzle-kit is hoisted to the root, where it cannot see it.
import { register } from 'node:module';
import { createRequire } from 'node:module';

const here = import.meta.url;
register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
        return next(specifier, { ...context, parentURL: ${JSON.stringify(here)} });
      }
      return next(specifier, context);
    }`)}`,
);
process.env.NODE_PATH = new URL('../node_modules', here).pathname;
createRequire(here)('module').Module._initPaths();
await import(new URL('../../../node_modules/drizzle-kit/bin.cjs', here).href);

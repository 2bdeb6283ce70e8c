#!/usr/bin/env node
/**
 * Gzipped size of the JavaScript a first visit downloads, per route: the entry chunk and its
 * static imports, plus the lazy route chunks (and their static imports) the route needs, read
 * from Vite's manifest. Fails when `/` is over budget.
 *
 *   node packages/app/scripts/bundle-size.mjs           # builds first (vite build packages/app --manifest)
 *   node packages/app/scripts/bundle-size.mjs --no-build # reads packages/app/dist as it is
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const KB = 1024;

/** The lazy modules the server preloads on a page (route-preloads.json, by path prefix). */
function preloadedFor(path) {
  const preloads = JSON.parse(readFileSync(new URL('../route-preloads.json', import.meta.url)));
  return Object.entries(preloads)
    .filter(([prefix]) => path.startsWith(prefix))
    .flatMap(([, modules]) => modules);
}

/** Each route: the lazy modules (manifest keys, i.e. source paths) it loads on a first visit. */
const routes = [
  { path: '/', lazy: ['src/shells/public/home/HomeRoute.tsx'], budgetKb: 120 },
  // The store (Redux Toolkit, RTK Query, react-redux) loads on first need: a signed-out visitor's
  // home page never loads it; where the browser may hold a session, the header asks for it at once.
  {
    path: '/ (signed in)',
    lazy: [
      'src/shells/public/home/HomeRoute.tsx',
      'src/store/startStore.ts',
      'src/shells/public/layout/SessionStatus.tsx',
    ],
  },
  { path: '/dashboard/overview', lazy: preloadedFor('/dashboard/overview') },
];

/** Chunks a public page must never load: the dashboard shell, the domains' screens, the charts. */
const forbiddenOnPublicPages = [
  /^src\/shells\/dashboard\//,
  /^src\/features\/(transcripts|usage|billing|apiKeys|account|support)\/components\//,
  /node_modules\/victory/,
  /packages\/ui\/src\/charts/,
];

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', 'packages/app', '--manifest'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const manifestFile = `${dist}.vite/manifest.json`;
if (!existsSync(manifestFile)) {
  console.error(
    `No Vite manifest at ${manifestFile}: run without --no-build (it builds with --manifest).`,
  );
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');

/** A chunk and everything it imports statically (what loads with it), as manifest keys. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (did the route move?)`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const gzipped = (key) => gzipSync(readFileSync(`${dist}${manifest[key].file}`)).length;

let failed = false;
for (const route of routes) {
  const keys = closure([entryKey, ...route.lazy]);
  const sizes = [...keys].map((key) => ({ key, file: manifest[key].file, bytes: gzipped(key) }));
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const budget = route.budgetKb ? ` (budget ${route.budgetKb} KB)` : '';
  console.log(`\n${route.path}: ${(total / KB).toFixed(1)} KB gzipped initial JS${budget}`);
  for (const s of sizes.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${(s.bytes / KB).toFixed(1).padStart(7)} KB  ${s.file}  (${s.key})`);
  }
  if (route.budgetKb && total > route.budgetKb * KB) {
    console.error(
      `✗ ${route.path} is over its budget by ${((total - route.budgetKb * KB) / KB).toFixed(1)} KB`,
    );
    failed = true;
  }
  if (route.path === '/' || !route.path.startsWith('/dashboard')) {
    const leaked = [...keys].filter((key) =>
      forbiddenOnPublicPages.some((pattern) => pattern.test(key)),
    );
    if (leaked.length) {
      console.error(`✗ ${route.path} loads dashboard or chart code: ${leaked.join(', ')}`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);

/**
 * The web app's build and development server (`vite build packages/app`, `vite packages/app`).
 * The test projects, Storybook and the prerender step's server-side rendering resolve the
 * workspace packages with `alias` too (../../vite.config.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * React Router 7 exports only its development build; production bundles take the production build
 * (no dev-only warnings, about 60% of the size). Kept: its package.json has no `production`
 * export condition to select it (7.18).
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: here('../../node_modules/react-router/dist/production/index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: here('../../node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

/**
 * styled-components imports stylis whole and calls its vendor prefixer only when a
 * StyleSheetManager sets `enableVendorPrefixes`, which the app never does; production bundles take
 * stylis without it (1.6 KB of the entry, gzipped). Kept: styled-components 6.6 gives no other way
 * to leave the prefixer out. Setting the option is refused by lint, and throws in production.
 */
const stylisWithoutPrefixer = [
  { find: /^stylis$/, replacement: here('./build/stylis-without-prefixer.js') },
];
// The module re-exports the stylis at the top of node_modules: the one styled-components must use.
const stylisOfStyledComponents = createRequire(
  here('../../node_modules/styled-components/package.json'),
).resolve('stylis/package.json');
if (stylisOfStyledComponents !== here('../../node_modules/stylis/package.json'))
  throw new Error(
    `styled-components uses ${stylisOfStyledComponents}: update stylisWithoutPrefixer`,
  );

/**
 * Lets the bundler drop the parts of React Router's production build that the app never uses
 * (NavLink, Form, ScrollRestoration, HistoryRouter and what only they call). Tree-shaking keeps a
 * top-level statement it cannot prove free of side effects, and the build has two kinds: its
 * `React.forwardRef` / `createContext` / `memo` calls carry no `#__PURE__` mark, and a
 * `X.displayName = "…"` statement (a DevTools label) follows each component and context. The calls
 * are marked pure and those labels removed, so an unused export goes with its label. Kept: the
 * package ships no side-effect-free build (about 9 KB of the entry).
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'parlance:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /\/node_modules\/react-router\/dist\/production\/.*\.mjs$/ },
      handler(code) {
        const out = code
          .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(')
          .replace(/^\w+\.displayName = "\w+";$/gm, '');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * Writes `preloads.json` into the build: for each path prefix of packages/app/route-preloads.json,
 * the script files (besides the entry chunk) that its lazily loaded modules need.
 * The server names them in those pages (`<link rel="modulepreload">`), so that they download
 * alongside the entry instead of one after the other as the route's code runs. A listed module
 * that is no longer a chunk of its own fails the build. Kept: React Router preloads a route's
 * modules only in framework mode, from a manifest its Vite plugin writes; this app uses the data
 * router without that plugin, and Vite's own preloading covers dynamic imports, not first loads.
 */
function routePreloads(): Plugin {
  return {
    name: 'parlance:route-preloads',
    apply: 'build',
    async generateBundle(_, bundle) {
      const routes = JSON.parse(await readFile(here('./route-preloads.json'), 'utf8')) as Record<
        string,
        string[]
      >;
      const chunks = Object.values(bundle).filter(
        (output): output is OutputChunk => output.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const filesFor = (modules: string[]) => {
        const files = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.imports) visit(byFile.get(file));
        };
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId === here(`./${module}`));
          if (!chunk) this.error(`route-preloads.json: ${module} is not a chunk of the build`);
          visit(chunk);
        }
        return [...files].map((file) => `/${file}`);
      };
      this.emitFile({
        type: 'asset',
        fileName: 'preloads.json',
        source: JSON.stringify(
          Object.fromEntries(
            Object.entries(routes).map(([prefix, modules]) => [prefix, filesFor(modules)]),
          ),
        ),
      });
    },
  };
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the build, once, at
 * each encoding's highest setting; the server sends them to browsers that accept them (three
 * times smaller).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parlance:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      for (const file of files.filter((name) => /\.(js|css|html|svg|txt|json)$/.test(name))) {
        const body = await readFile(join(outDir, file));
        if (body.length < 1024) continue;
        const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        await writeFile(join(outDir, `${file}.br`), br);
        await writeFile(join(outDir, `${file}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** Workspace packages by their source, as tsconfig.base.json's paths name them for the type checker. */
export const alias = [
  { find: '@parlance/ui/charts', replacement: here('../ui/src/charts.ts') },
  { find: '@parlance/ui', replacement: here('../ui/src/index.ts') },
  { find: '@parlance/mocks', replacement: here('../../mocks/src') },
  { find: /^@parlance\/contract$/, replacement: here('../contract/src/index.ts') },
  { find: '@parlance/contract/openapi.json', replacement: here('../contract/openapi.json') },
  { find: /^@parlance\/contract\/(.+)$/, replacement: here('../contract/src/$1.ts') },
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig(({ mode }) => ({
  root: here('.'),
  plugins: [react(), reactRouterTreeShaking(), routePreloads(), precompress()],
  resolve: {
    alias: [
      ...(mode === 'production' ? reactRouterProduction : []),
      ...(mode === 'production' ? stylisWithoutPrefixer : []),
      ...alias,
    ],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // `ws: true`: the Live playground's WebSocket (/v1/realtime) goes through the proxy too.
    proxy: { '/api': apiTarget, '/v1': { target: apiTarget, ws: true } },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // Every browser we support preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page needs at start (React, the router, the public shell) ships as one file:
        // a dozen small initial chunks cost a first visit several KB of gzip overhead.
        //
        // Small chunks that several lazily loaded chunks share (a button, an icon, an endpoint
        // definition, the public pages' sections) are copied into each of them instead of shipping
        // as files of their own: the overview's first visit fetched 44 scripts (over HTTP/1.1 six
        // at a time, each a round trip on a phone), now 11 (an e2e test holds it under 16), and the
        // home page 4, was 5. Rolldown keeps one instance of each copied module, as if it were one
        // file (for that it runs modules in strict import order: a small runtime and a wrapper per
        // shared module). A page loads no code it would not load without the copies; one that
        // loads two chunks carrying the same copy downloads it twice, and navigating to a page
        // downloads its copies again (a few KB at most).
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
}));

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Debian's Chromium: Playwright cannot download its own browser on this network. Pages run in UTC
 * whatever the machine's zone: stories fix "now", and the zone then fixes the calendar days they
 * show and ask for (the spending range is the user's local day).
 */
const chromium = (contextOptions?: { viewport: { width: number; height: number } }) =>
  playwright({
    contextOptions: { ...contextOptions, timezoneId: 'UTC' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--font-render-hinting=none',
        '--force-color-profile=srgb',
      ],
    },
  });

/**
 * A fresh object per project: Vitest names the instances in place. The visual project gives the
 * page hosting the test iframe room for tall stories, so Vitest never scales the iframe down.
 */
const browser = (host?: { width: number; height: number }) => ({
  enabled: true,
  headless: true,
  provider: chromium(host && { viewport: host }),
  instances: [{ browser: 'chromium' as const }],
  viewport: { width: 1280, height: 800 },
});

/**
 * React Router 7 exports only its development build; production bundles take the production build
 * (no dev-only warnings, about 60% of the size).
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: here('./node_modules/react-router/dist/production/index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: here('./node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

/**
 * Lets the bundler drop the parts of React Router's production build that the app never uses
 * (NavLink, Form, ScrollRestoration, HistoryRouter and what only they call). Tree-shaking keeps a
 * top-level statement it cannot prove free of side effects, and the build has two kinds: its
 * `React.forwardRef` / `createContext` / `memo` calls carry no `#__PURE__` mark, and a
 * `X.displayName = "…"` statement (a DevTools label) follows each component and context. The calls
 * are marked pure and those labels removed, so an unused export goes with its label.
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
 * that is no longer a chunk of its own fails the build.
 */
function routePreloads(): Plugin {
  // Storybook's build reads this config too (its plugins, not its root): no app pages there.
  let appBuild = false;
  return {
    name: 'parlance:route-preloads',
    apply: 'build',
    configResolved(config) {
      appBuild = config.root === here('./packages/app');
    },
    async generateBundle(_, bundle) {
      if (!appBuild) return;
      const routes = JSON.parse(
        await readFile(here('./packages/app/route-preloads.json'), 'utf8'),
      ) as Record<string, string[]>;
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
          const chunk = chunks.find((c) => c.facadeModuleId === here(`./packages/app/${module}`));
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
const alias = [
  { find: '@parlance/ui/charts', replacement: here('./packages/ui/src/charts.ts') },
  { find: '@parlance/ui', replacement: here('./packages/ui/src/index.ts') },
  { find: '@parlance/mocks', replacement: here('./mocks/src') },
  { find: /^@parlance\/contract$/, replacement: here('./packages/contract/src/index.ts') },
  {
    find: '@parlance/contract/openapi.json',
    replacement: here('./packages/contract/openapi.json'),
  },
  { find: /^@parlance\/contract\/(.+)$/, replacement: here('./packages/contract/src/$1.ts') },
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig(({ mode }) => ({
  root: process.env.VITEST ? here('.') : here('./packages/app'),
  publicDir: here('./packages/app/public'),
  plugins: [react(), reactRouterTreeShaking(), routePreloads(), precompress()],
  resolve: {
    alias: [...(mode === 'production' ? reactRouterProduction : []), ...alias],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // `ws: true`: the Live playground's WebSocket (/v1/realtime) goes through the proxy too.
    proxy: { '/api': apiTarget, '/v1': { target: apiTarget, ws: true } },
  },
  build: {
    outDir: here('./packages/app/dist'),
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
  test: {
    // One test file at a time per kind of worker: the Node suites (unit, dom, server, e2e) one after
    // another, beside one page of each browser project (storybook, visual). The server and e2e
    // suites must run alone among the Node suites (each starts servers, speech engines and
    // Chromium, and times takeovers). With a worker of their own at the end, as Vitest schedules
    // suites with `fileParallelism: false`, they ran after the browser projects instead of beside
    // them: a full run took 2,658 s, 2,205 s this way (2 cores, 2026-11-25). On a machine with more
    // cores the unit and dom suites could use more workers than this gives them.
    maxWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/{contract,ui,app}/src/**/*.test.ts',
            'mocks/src/**/*.test.ts',
            '.config/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          testTimeout: 60_000,
          include: ['packages/{ui,app}/src/**/*.test.tsx', 'mocks/src/**/*.test.tsx'],
          setupFiles: [here('./packages/app/src/test/setup-dom.ts')],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['packages/app/e2e/**/*.e2e.ts'],
          globalSetup: ['packages/app/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: here('./.storybook') })],
        test: {
          name: 'storybook',
          browser: browser(),
          // A loaded machine can be slow to answer a story's requests; a retry re-runs the whole play.
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'visual',
          include: ['.storybook/visual.test.tsx'],
          browser: {
            // Tall enough for the longest story (/docs at phone width, about 12,000 px) to be captured whole.
            ...browser({ width: 1400, height: 16_000 }),
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0, allowedMismatchedPixels: 0 },
              },
            },
          },
          setupFiles: [here('./.storybook/vitest.setup.ts')],
          testTimeout: 60_000,
          // A full run on a loaded CI machine once captured a story (Public/Blog List, dark) in a
          // state that neither a filtered run nor a full run here reproduces: a mismatch renders the
          // story afresh once more, and fails only if that differs too.
          retry: 1,
        },
      },
    ],
  },
}));

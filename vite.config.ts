/**
 * The test projects (`vitest run`; `--project NAME` for one) and the config Storybook reads. The
 * web app's build and development server are packages/app/vite.config.ts, whose `alias` every
 * project resolves the workspace packages with.
 */
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { alias } from './packages/app/vite.config.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The test of the whole app as main.tsx starts it (the `app` project). */
const app = 'packages/app/src/App.test.tsx';

/** What the jsdom projects (dom, app) share. */
const jsdom = {
  environment: 'jsdom' as const,
  testTimeout: 60_000,
  setupFiles: [here('./packages/app/src/test/setup-dom.ts')],
};

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

export default defineConfig({
  plugins: [react()],
  // The mock service worker the browser projects' stories register.
  publicDir: here('./packages/app/public'),
  resolve: { alias },
  test: {
    // One test file at a time per kind of worker: the Node suites one after another, beside one
    // page of each browser project (storybook, visual). `npm test` runs the server project in a
    // Vitest of its own, two files at a time (its own `maxWorkers`; the command line's
    // `--maxWorkers` does not reach a project), then the rest (`--project='!server'`). The server
    // suite took 1,197 s one file at a time and 739 s two at a time, passing, on this 2-core
    // machine; beside the browser projects it took 3,075 s and its time limits failed
    // (2026-11-30). On a machine with more cores the unit and dom suites could use more workers
    // than this gives them.
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
          ...jsdom,
          include: ['packages/{ui,app}/src/**/*.test.tsx', 'mocks/src/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, app],
          // All files in one window: setting up jsdom afresh for each of its 70 files made the
          // project take 179 s, against 70 s in one (2026-11-30). Each test renders with its own
          // store and router, and setup-dom.ts resets the request handlers after it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The app started as main.tsx starts it: its store watches the window (focus, other
          // tabs) for the page's life and becomes the pages' store, so it runs in a window of its
          // own.
          name: 'app',
          ...jsdom,
          include: [app],
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
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['packages/app/e2e/**/*.e2e.ts'],
          globalSetup: ['packages/app/e2e/global-setup.ts'],
          setupFiles: ['packages/app/e2e/setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // A CI run once timed out a journey that takes 8 s here (the password reset), beside the
          // browser projects on 2 cores, where each of its steps is bounded well under the test's
          // limit: a journey that fails runs once more, and fails only if it fails again.
          retry: 1,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: here('./.storybook') })],
        test: {
          name: 'storybook',
          browser: browser(),
          // All story files in one page: loading the app's modules afresh for each of its 74 files
          // made the project take 626 s, against 214 s in one page (2026-11-30). Each story mounts
          // on its own, with its own store and its own MSW handlers: a file leaves nothing behind.
          isolate: false,
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
});

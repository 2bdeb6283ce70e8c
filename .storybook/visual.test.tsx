/**
 * Visual regression, compared pixel-exact with the committed references in __screenshots__/:
 * every design-system story (packages/ui) in both themes and at both widths, light at desktop
 * width and dark at phone width (a component's colours do not depend on the width it is laid out
 * at, nor its layout on the theme, so the other two pairs would repeat these); every state of a
 * page (packages/app) in light at desktop width, and each page's first story also in dark and on a
 * phone. A page's states share its theme and its layout, so the other states in dark or on a
 * phone would repeat what the design system's references and the first story already hold.
 * References change only through `npm run test:visual:update`.
 *
 * Every story renders as on a fresh page, whatever ran before it (a filtered run and a full run
 * give the same pixels): it gets its own style sheet, and it is captured only once the code, styles
 * and images it loads have arrived and the page has stopped changing.
 */
import { composeStory } from '@storybook/react-vite';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StyleSheetManager } from 'styled-components';
import { cdp, page } from 'vitest/browser';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { heldRequests } from '@parlance/mocks';
import { breakpoints } from '@parlance/ui';

type StoryModule = { default: Meta } & Record<string, StoryObj | unknown>;

// Vite takes only literal globs: the two calls name the same files.
const modules = import.meta.glob<StoryModule>(
  ['../packages/ui/src/**/*.stories.tsx', '../packages/app/src/**/*.stories.tsx'],
  { eager: true },
);
/** Each file's text: a module's namespace lists its exports alphabetically, not in file order. */
const sources = import.meta.glob<string>(
  ['../packages/ui/src/**/*.stories.tsx', '../packages/app/src/**/*.stories.tsx'],
  { eager: true, query: '?raw', import: 'default' },
);
const exportOrder = (file: string) =>
  [...sources[file]!.matchAll(/^export const (\w+)/gm)].map((match) => match[1]!);

const viewports = {
  desktop: { width: breakpoints.desktop, height: 800 },
  mobile: { width: breakpoints.mobile, height: 667 },
} as const;

type Theme = 'light' | 'dark';
type Viewport = keyof typeof viewports;
type Capture = readonly [Theme, Viewport];

const componentCapture: readonly Capture[] = [
  ['light', 'desktop'],
  ['dark', 'mobile'],
];
const firstPageCapture: readonly Capture[] = [
  ['light', 'desktop'],
  ['light', 'mobile'],
  ['dark', 'desktop'],
];
const pageCapture: readonly Capture[] = [['light', 'desktop']];

/** Which theme × viewport pairs a story is captured in (see the header). */
const capturesOf = (file: string, storyIndex: number) =>
  !file.startsWith('../packages/app/')
    ? componentCapture
    : storyIndex === 0
      ? firstPageCapture
      : pageCapture;

const CANVAS = 'visual-canvas';

/**
 * Resizes the test iframe and waits until the page really has that size: `page.viewport` resolves
 * before the iframe is laid out again, and a screenshot taken in between is cut or padded.
 */
async function resize(width: number, height: number) {
  await page.viewport(width, height);
  const deadline = performance.now() + 20_000;
  while (window.innerWidth !== width || window.innerHeight !== height) {
    if (performance.now() > deadline)
      throw new Error(
        `The page is ${window.innerWidth}×${window.innerHeight}, not ${width}×${height}, after 20 s`,
      );
    await new Promise((r) => requestAnimationFrame(r));
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

/**
 * Code, styles, fonts and images the page is loading (URL by CDP request id): the page is not
 * settled while one is on its way.
 */
const loading = new Map<string, string>();
const assetTypes = new Set(['Script', 'Stylesheet', 'Font', 'Image']);
/**
 * Data requests in flight (URL by CDP request id). MSW usually answers at once, but on a loaded
 * machine an answer can come seconds after the DOM has been quiet, and the story would be captured
 * in its loading state. A loading story's answers never come: those requests are held by the
 * mocks' `slow` handlers (`heldRequests`), and the page is settled without them.
 */
const fetching = new Map<string, string>();
const dataTypes = new Set(['Fetch', 'XHR']);
/** When the DOM last changed or an asset or data request started or finished. */
let lastActivity = performance.now();
const markActivity = () => {
  lastActivity = performance.now();
};
/**
 * Players still reading their audio's metadata (they draw its duration once they have it, inside
 * the browser's own controls, where no MutationObserver sees the change).
 */
const mediaPending = () =>
  [...document.querySelectorAll<HTMLMediaElement>('audio, video')].some(
    (media) =>
      media.preload !== 'none' &&
      media.readyState < HTMLMediaElement.HAVE_METADATA &&
      media.error === null &&
      media.networkState !== HTMLMediaElement.NETWORK_NO_SOURCE,
  );
/** What the page is waiting for: assets on their way and data requests no mock holds. */
const awaited = () => [
  ...loading.values(),
  ...[...fetching.values()].filter((url) => !heldRequests.has(url)),
];
const busy = () => awaited().length > 0 || mediaPending();

const session = cdp();
const started = ({
  requestId,
  type,
  request,
}: {
  requestId: string;
  type?: string;
  request: { url: string };
}) => {
  if (type && assetTypes.has(type)) loading.set(requestId, request.url);
  else if (type && dataTypes.has(type)) fetching.set(requestId, request.url);
  else return;
  markActivity();
};
const finished = ({ requestId }: { requestId: string }) => {
  if (loading.delete(requestId) || fetching.delete(requestId)) markActivity();
};
const domChanges = new MutationObserver(markActivity);
beforeAll(async () => {
  // The first call alone: Vitest sets up its CDP relay on the first call it answers, and calls that
  // overlap it each get a relay of their own, which `off` never reaches.
  await session.send('Network.enable');
  session.on('Network.requestWillBeSent', started);
  session.on('Network.loadingFinished', finished);
  session.on('Network.loadingFailed', finished);
  // Media events do not bubble: caught on their way down.
  for (const event of ['loadedmetadata', 'error'])
    document.addEventListener(event, markActivity, true);
  domChanges.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
});
// Vitest relays CDP events to this page until told otherwise, even once the run has closed it.
afterAll(async () => {
  domChanges.disconnect();
  for (const event of ['loadedmetadata', 'error'])
    document.removeEventListener(event, markActivity, true);
  session.off('Network.requestWillBeSent', started);
  session.off('Network.loadingFinished', finished);
  session.off('Network.loadingFailed', finished);
  await session.send('Network.disable');
});

/**
 * Waits until no asset is loading and neither the DOM nor the network has changed for `quietMs`.
 * A quiet DOM alone is not enough: a lazy chunk still on its way (slow on a loaded machine) leaves
 * the fallback standing still, and the story would be measured and captured before its content.
 */
async function settle(quietMs = 250, maxMs = 20_000) {
  const deadline = performance.now() + maxMs;
  for (;;) {
    if (!busy() && performance.now() - lastActivity >= quietMs) {
      // A CDP round trip (any command) delivers every network event Chromium sent before it, so a
      // request that started just now is counted before the page is called quiet.
      await session.send('Runtime.evaluate', { expression: '0' });
      if (!busy() && performance.now() - lastActivity >= quietMs) return;
    }
    if (performance.now() > deadline) {
      const pending = awaited();
      throw new Error(
        pending.length > 0
          ? `Still loading after ${maxMs / 1000} s: ${pending.join(', ')}`
          : `The page kept changing for ${maxMs / 1000} s`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

for (const [file, mod] of Object.entries(modules)) {
  const { default: meta, ...exports } = mod;
  const title = meta.title ?? file;
  // Stories opt out with `parameters: { visual: false }` when they only differ by their play.
  const storyExports = exportOrder(file)
    .map((name) => [name, exports[name]] as const)
    .filter(
      ([name, story]) =>
        /^[A-Z]/.test(name) &&
        (story as StoryObj).parameters?.visual !== false &&
        meta.parameters?.visual !== false,
    );
  if (storyExports.length === 0) continue;
  describe(title, () => {
    for (const [index, [name, annotations]] of storyExports.entries()) {
      const story = annotations as StoryObj;
      for (const [theme, viewportName] of capturesOf(file, index)) {
        const size = viewports[viewportName];
        test(`${name} · ${theme} · ${viewportName}`, async () => {
          await resize(size.width, size.height);
          // A style sheet of its own, removed with the story: styled-components never removes
          // rules, and a rule an earlier story left (e.g. of the other theme) would change this
          // one's look depending on which stories ran before it.
          const styleHost = document.head.appendChild(document.createElement('div'));
          // The play function is an interaction test (storybook project); the visual reference
          // is of the state the story's args and loaders put the component in.
          const composed = composeStory(
            { ...story, play: undefined },
            meta,
            {
              // Project decorators listed last wrap all others, the theme's global styles too.
              decorators: [
                (Story) => (
                  <StyleSheetManager target={styleHost}>
                    <Story />
                  </StyleSheetManager>
                ),
              ],
            },
            undefined,
            name,
          );
          // One canvas at a time, found by its test id (a bare <div> has no unique locator).
          for (const stale of document.querySelectorAll(`[data-testid="${CANVAS}"]`))
            stale.remove();
          const canvasElement = document.createElement('div');
          canvasElement.dataset.testid = CANVAS;
          canvasElement.style.minHeight = '100vh';
          // Mirrors Storybook's `layout` parameter: components get the padded canvas.
          if (composed.parameters.layout !== 'fullscreen') canvasElement.style.padding = '16px';
          document.body.appendChild(canvasElement);
          // Requests an earlier story left unanswered are not this one's to wait for.
          fetching.clear();
          heldRequests.clear();
          cleanup = () => {
            canvasElement.remove();
            styleHost.remove();
          };
          await composed.run({ canvasElement, globals: { ...composed.globals, theme } });
          await settle();
          // Grow the viewport to the story's full height so tall pages are captured whole.
          const fullHeight = Math.ceil(canvasElement.getBoundingClientRect().height);
          if (fullHeight > size.height) {
            await resize(size.width, fullHeight);
            await settle();
            // Content sized by the viewport (min-height: 100vh) inside the padded canvas grows
            // with every resize, and the part below the viewport would be captured blank.
            const grown = Math.ceil(canvasElement.getBoundingClientRect().height);
            if (grown > fullHeight)
              throw new Error(
                `The story grew from ${fullHeight} to ${grown}px with the viewport: give it layout 'fullscreen'`,
              );
          }
          const slug = `${title}--${name}`.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
          // A tall page (the docs) takes seconds to capture on a loaded machine: more than the
          // matcher's default 5 s for its stable screenshots.
          await expect(page.getByTestId(CANVAS)).toMatchScreenshot(
            `${slug}-${theme}-${viewportName}`,
            { timeout: 30_000 },
          );
        });
      }
    }
  });
}

/**
 * Visual regression: every story, in light and dark, at desktop and mobile width, compared
 * pixel-exact with the committed references in __screenshots__/. References change only through
 * `npm run test:visual:update`.
 */
import { composeStory } from '@storybook/react-vite';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { page } from 'vitest/browser';
import { afterEach, describe, expect, test } from 'vitest';
import { breakpoints } from '@parlance/ui';

type StoryModule = { default: Meta } & Record<string, StoryObj | unknown>;

const modules = import.meta.glob<StoryModule>(
  ['../packages/ui/src/**/*.stories.tsx', '../packages/app/src/**/*.stories.tsx'],
  { eager: true },
);

const viewports = {
  desktop: { width: breakpoints.desktop, height: 800 },
  mobile: { width: breakpoints.mobile, height: 667 },
} as const;

const themes = ['light', 'dark'] as const;

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

/** Waits until the DOM stops changing (data from MSW arrives, lazy chunks load). */
async function settle(root: HTMLElement, quietMs = 250, maxMs = 8000) {
  const start = performance.now();
  let last = root.innerHTML;
  let stableSince = performance.now();
  while (performance.now() - start < maxMs) {
    await new Promise((r) => setTimeout(r, 50));
    const now = root.innerHTML;
    if (now !== last) {
      last = now;
      stableSince = performance.now();
    } else if (performance.now() - stableSince >= quietMs) {
      return;
    }
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
  const storyExports = Object.entries(exports).filter(
    ([name, story]) =>
      name !== '__namedExportsOrder' &&
      /^[A-Z]/.test(name) &&
      (story as StoryObj).parameters?.visual !== false &&
      meta.parameters?.visual !== false,
  );
  if (storyExports.length === 0) continue;
  describe(title, () => {
    for (const [name, annotations] of storyExports) {
      const story = annotations as StoryObj;
      for (const theme of themes) {
        for (const [viewportName, size] of Object.entries(viewports)) {
          test(`${name} · ${theme} · ${viewportName}`, async () => {
            await resize(size.width, size.height);
            // The play function is an interaction test (storybook project); the visual reference
            // is of the state the story's args and loaders put the component in.
            const composed = composeStory(
              { ...story, play: undefined },
              meta,
              undefined,
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
            cleanup = () => canvasElement.remove();
            await composed.run({ canvasElement, globals: { ...composed.globals, theme } });
            await settle(canvasElement);
            // Grow the viewport to the story's full height so tall pages are captured whole.
            const fullHeight = Math.ceil(canvasElement.getBoundingClientRect().height);
            if (fullHeight > size.height) {
              await resize(size.width, fullHeight);
              await settle(canvasElement);
              // Content sized by the viewport (min-height: 100vh) inside the padded canvas grows
              // with every resize, and the part below the viewport would be captured blank.
              const grown = Math.ceil(canvasElement.getBoundingClientRect().height);
              if (grown > fullHeight)
                throw new Error(
                  `The story grew from ${fullHeight} to ${grown}px with the viewport: give it layout 'fullscreen'`,
                );
            }
            const slug = `${title}--${name}`.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
            await expect(page.getByTestId(CANVAS)).toMatchScreenshot(
              `${slug}-${theme}-${viewportName}`,
            );
          });
        }
      }
    }
  });
}

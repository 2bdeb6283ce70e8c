/**
 * The build's step after `vite build` (`npm run build`): lists the app's pages for the server's
 * 404s (src/pagePatterns.ts, into PAGES_FILE), and renders the home page as a signed-out
 * visitor first sees it (src/prerender.tsx) into the build's `PRERENDERED_HOME_FILE`: the built
 * index.html with the page in #root and its CSS in the head. The
 * server sends it for `/` to browsers without a session (http/spa.ts), which paint the page
 * before its code has loaded; the code then renders the same page in its place (main.tsx).
 *
 * The page is styled for the light theme: under a dark preference it stays hidden (the browser
 * paints its dark background) until the app renders, as every page does without a prerender.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { PAGES_FILE, PRERENDERED_HOME_FILE } from '@parlance/contract/endpoints';
import type { pagePatterns as PagePatterns } from '../src/pagePatterns.ts';
import type { prerenderHome as PrerenderHome } from '../src/prerender.tsx';
import { PRERENDERED_ATTRIBUTE } from '../src/prerendered.ts';

process.env.NODE_ENV = 'production';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('../dist/');

const vite = await createServer({
  configFile: here('../vite.config.ts'),
  mode: 'production',
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { prerenderHome } = (await vite.ssrLoadModule('/src/prerender.tsx')) as {
    prerenderHome: typeof PrerenderHome;
  };
  const { html, css } = await prerenderHome();
  const index = await readFile(`${dist}index.html`, 'utf8');
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`dist/index.html has no ${root}`);
  const style =
    `<style>[${PRERENDERED_ATTRIBUTE}]{display:contents}` +
    `@media (prefers-color-scheme: dark){[${PRERENDERED_ATTRIBUTE}]{display:none}}</style>` +
    `<style media="(prefers-color-scheme: light)">${css}</style>`;
  // Functions as replacements: the page's own text may hold `$&` and the like.
  const page = index
    .replace('</head>', () => `${style}</head>`)
    .replace(root, () => `<div id="root"><div ${PRERENDERED_ATTRIBUTE}>${html}</div></div>`);
  await writeFile(`${dist}${PRERENDERED_HOME_FILE}`, page);
  console.log(
    `prerendered / into dist/${PRERENDERED_HOME_FILE} (${(page.length / 1024).toFixed(1)} KB)`,
  );
  const { pagePatterns } = (await vite.ssrLoadModule('/src/pagePatterns.ts')) as {
    pagePatterns: typeof PagePatterns;
  };
  const pages = pagePatterns();
  await writeFile(`${dist}${PAGES_FILE}`, JSON.stringify(pages));
  console.log(`listed ${pages.length} page paths in dist/${PAGES_FILE}`);
} finally {
  await vite.close();
}

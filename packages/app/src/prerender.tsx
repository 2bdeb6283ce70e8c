import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { PRERENDERED_ORIGIN } from '@parlance/contract/endpoints';
import { App } from './App';
import { routes } from './routes';
import { ApiBaseProvider } from './shared/apiBase';
import { deferStore } from './store/deferredStore';

/**
 * The home page as a signed-out visitor's browser first renders it, as HTML and the CSS it uses,
 * for the build (scripts/prerender.ts). The browser paints it before the page's code has run, and
 * the app replaces it with the same page once it has (main.tsx). The API's address in the code
 * samples is `PRERENDERED_ORIGIN`, which the server replaces with the web app's address. The
 * footer's year is the build's.
 */
export async function prerenderHome(): Promise<{ html: string; css: string }> {
  // As in the browser of a signed-out visitor: a store deferred, not made (the header shows no
  // session and loads nothing).
  deferStore(() => Promise.reject(new Error('the prerender makes no store')));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${PRERENDERED_ORIGIN}/`));
  if (context instanceof Response || context.errors)
    throw new Error('the home page did not render without errors');
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ApiBaseProvider value={PRERENDERED_ORIGIN}>
          <App router={router} />
        </ApiBaseProvider>,
      ),
    );
    // The CSS as text, not as styled-components' <style data-styled> tags: the app's own
    // styled-components would take those over on start and drop their light-theme-only media.
    return { html, css: sheet.instance.toString() };
  } finally {
    sheet.seal();
  }
}

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { mayBeSignedIn } from './session/signedInHint';
import { routerOptions, routes } from './routes';
import { deferStore } from './store/deferredStore';

async function start() {
  // `npm run dev:mock`: the API is answered in the browser by the MSW handlers of @parlance/mocks.
  if (import.meta.env.VITE_MOCK_API === 'true') {
    const { startMockApi } = await import('./mockApi');
    await startMockApi();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const store = deferStore(() => import('./store/startStore').then((m) => m.startStore()));
  // A browser that may hold a session asks for it (the header shows it) while the page's code is
  // still loading. Without one, the store waits for a page that uses it (a form, the dashboard).
  // If its code cannot load, the header shows no session; a page that needs the store tries again.
  if (mayBeSignedIn()) store.load().catch(() => undefined);
  const router = createBrowserRouter(routes, routerOptions);
  // The server's prerendered home page (scripts/prerender.ts) stays on screen until the page's
  // own code has loaded, then the app renders the same page in its place, instead of first
  // replacing it with the loading view.
  if (root.firstElementChild?.hasAttribute(PRERENDERED_ATTRIBUTE) && !router.state.initialized)
    await new Promise((initialized) =>
      router.subscribe((state) => state.initialized && initialized(0)),
    );
  // Rendered as a transition, the first render comes in slices of a few milliseconds, between
  // which the browser paints and answers input, instead of one long task on a phone's CPU.
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

void start();

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { sessionApi } from './session/sessionApi';
import { routerOptions, routes } from './routes';
import { makeStore } from './store/store';

async function start() {
  // `npm run dev:mock`: the API is answered in the browser by the MSW handlers of @parlance/mocks.
  if (import.meta.env.VITE_MOCK_API === 'true') {
    const { startMockApi } = await import('./mockApi');
    await startMockApi();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const store = makeStore();
  // Every page needs the session: ask for it while the page's code is still loading.
  void store.dispatch(sessionApi.endpoints.me.initiate(undefined, { subscribe: false }));
  createRoot(root).render(
    <StrictMode>
      <App store={store} router={createBrowserRouter(routes, routerOptions)} />
    </StrictMode>,
  );
}

void start();

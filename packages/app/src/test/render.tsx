import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { themes } from '@parlance/ui';
import { routerOptions, routes } from '../routes';
import { makeStore, type AppStore } from '../store/store';

function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={themes.light}>{children}</ThemeProvider>
    </Provider>
  );
}

/** Renders `ui` with a fresh store (or the given one) and the light theme. */
export function renderWithProviders(
  ui: ReactElement,
  { store = makeStore() }: { store?: AppStore } = {},
) {
  return { store, ...render(<Providers store={store}>{ui}</Providers>) };
}

/** Renders the real route table at `path` in a memory router, with a fresh store. */
export function renderRoute(
  path: string,
  { store = makeStore(), state }: { store?: AppStore; state?: unknown } = {},
) {
  const router = createMemoryRouter(routes, {
    ...routerOptions,
    initialEntries: [state === undefined ? path : { pathname: path, state }],
  });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { store }) };
}

import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastViewport } from '@parlance/ui';
import { NOW } from '@parlance/mocks';
import { routerOptions, routes } from '../routes';
import { makeStore } from '../store/store';
import { renderWithProviders } from './render';
import { NowProvider } from '../shared/now';

/** The real route table at `path`, with a fresh store, the fixtures' fixed "now" and the toasts. */
export function renderDashboard(path: string, { store = makeStore() } = {}) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  const view = renderWithProviders(
    <NowProvider now={NOW}>
      <RouterProvider router={router} />
      <ToastViewport />
    </NowProvider>,
    { store },
  );
  return { router, ...view };
}

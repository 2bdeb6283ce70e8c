import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routerOptions, routes } from '../routes';

/**
 * A page story: the real route table in a memory router at `path` (set
 * `parameters.router.disable` so the global MemoryRouter decorator steps aside).
 */
export function RouteStory({ path, state }: { path: string; state?: unknown }) {
  const [router] = useState(() =>
    createMemoryRouter(routes, {
      ...routerOptions,
      initialEntries: [state === undefined ? path : { pathname: path, state }],
    }),
  );
  return <RouterProvider router={router} />;
}

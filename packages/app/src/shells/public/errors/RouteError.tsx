import { lazy, Suspense, type ComponentType } from 'react';
import { PublicFrame } from '../layout/PublicFrame';

/**
 * The screen loads when a page fails: a first visit to a page that works never downloads it. Its
 * own code may be what cannot load (a deploy replaced it, the connection dropped): then plain
 * words, with a link that loads the site afresh.
 */
export const orPlainWords = (
  load: () => Promise<{ RouteErrorScreen: ComponentType }>,
): Promise<{ default: ComponentType }> =>
  load().then(
    (module) => ({ default: module.RouteErrorScreen }),
    () => ({ default: PlainRouteError }),
  );

const RouteErrorScreen = lazy(() => orPlainWords(() => import('./RouteErrorScreen')));

function PlainRouteError() {
  return (
    <>
      <h1>Unexpected Application Error!</h1>
      <p>This page could not load.</p>
      <a href="/">Reload Parlance</a>
    </>
  );
}

/** The router's errorElement: unmatched paths (404), unknown blog posts and thrown errors. */
export function RouteError() {
  return (
    <PublicFrame>
      <Suspense fallback={null}>
        <RouteErrorScreen />
      </Suspense>
    </PublicFrame>
  );
}

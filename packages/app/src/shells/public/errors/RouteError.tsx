import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/pageTitle';
import { PageLoading } from '../layout/PageLoading';
import { PublicFrame } from '../layout/PublicFrame';
import { describeRouteError } from './describeRouteError';

// Loaded when a page fails or is not found: a first visit to a page that works never downloads it.
const RouteErrorScreen = lazy(() =>
  import('./RouteErrorScreen').then((module) => ({ default: module.RouteErrorScreen })),
);

/** The router's errorElement: unmatched paths (404), unknown blog posts and thrown errors. */
export function RouteError() {
  const described = describeRouteError(useRouteError());
  useDocumentTitle(described.notFound ? 'Page not found' : 'Something went wrong');
  return (
    <PublicFrame>
      <Suspense fallback={<PageLoading />}>
        <RouteErrorScreen {...described} />
      </Suspense>
    </PublicFrame>
  );
}

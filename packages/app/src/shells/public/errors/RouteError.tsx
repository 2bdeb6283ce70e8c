import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/pageTitle';
import { PublicFrame } from '../layout/PublicFrame';
import { describeRouteError } from './describeRouteError';
import { RouteErrorScreen } from './RouteErrorScreen';

/** The router's errorElement: unmatched paths (404), unknown blog posts and thrown errors. */
export function RouteError() {
  const described = describeRouteError(useRouteError());
  useDocumentTitle(described.notFound ? 'Page not found' : 'Something went wrong');
  return (
    <PublicFrame>
      <RouteErrorScreen {...described} />
    </PublicFrame>
  );
}

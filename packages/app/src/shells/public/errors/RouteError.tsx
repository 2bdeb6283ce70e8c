import { useRouteError } from 'react-router-dom';
import { PublicFrame } from '../layout/PublicFrame';
import { describeRouteError } from './describeRouteError';
import { RouteErrorScreen } from './RouteErrorScreen';

/** The router's errorElement: unmatched paths (404), unknown blog posts and thrown errors. */
export function RouteError() {
  const error = useRouteError();
  return (
    <PublicFrame>
      <RouteErrorScreen {...describeRouteError(error)} />
    </PublicFrame>
  );
}

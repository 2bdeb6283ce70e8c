import { useRouteError } from 'react-router-dom';
import { PublicFrame } from '../layout/PublicFrame';
import { describeRouteError } from './describeRouteError';
import { RouteErrorView } from './RouteErrorView';

/** The router's errorElement: unmatched paths (404), unknown blog posts and thrown errors. */
export function RouteError() {
  const error = useRouteError();
  return (
    <PublicFrame>
      <RouteErrorView {...describeRouteError(error)} />
    </PublicFrame>
  );
}

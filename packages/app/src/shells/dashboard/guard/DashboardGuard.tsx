import { Navigate, Outlet } from 'react-router-dom';
import { Spinner } from '@parlance/ui';
import { useAuth } from '../../../session/useAuth';
import { paths } from '../../../paths';
import { Centered } from './DashboardGuard.styles';

/**
 * The dashboard's gate: a spinner while the session check runs, the login page (replacing the
 * history entry) without a session, the dashboard with one.
 */
export function DashboardGuard() {
  const { status } = useAuth();
  if (status === 'loading') {
    return (
      <Centered>
        <Spinner size="lg" label="Checking your session" />
      </Centered>
    );
  }
  if (status === 'unauthenticated') return <Navigate to={paths.login.getHref()} replace />;
  return <Outlet />;
}

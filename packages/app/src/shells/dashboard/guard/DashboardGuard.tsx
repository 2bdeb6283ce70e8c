import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@parlance/ui';
import { useAuth } from '../../../session/useAuth';
import { paths } from '../../../paths';
import { loginHref } from '../../../session/signInReturn';
import { Centered } from './DashboardGuard.styles';

/**
 * The dashboard's gate: a spinner while the session check runs, the login page (replacing the
 * history entry) without a session, the dashboard with one. A visitor who came without a session
 * (a link, a bookmark) returns to the page asked for once signed in; after a sign-out, the next
 * sign-in (perhaps another account's) starts at the overview.
 */
export function DashboardGuard() {
  const { status } = useAuth();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  useEffect(() => {
    if (status === 'authenticated') setWasSignedIn(true);
  }, [status]);
  if (status === 'loading') {
    return (
      <Centered>
        <Spinner size="lg" label="Checking your session" />
      </Centered>
    );
  }
  if (status === 'unauthenticated') {
    const login = wasSignedIn ? paths.login.getHref() : loginHref(location);
    return <Navigate to={login} replace />;
  }
  return <Outlet />;
}

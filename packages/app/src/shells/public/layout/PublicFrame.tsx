import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PublicLayout } from '@parlance/ui';
import { paths } from '../../../paths';
import { useNow } from '../../../shared/now';
import { RouterLink } from '../../../shared/RouterLink';
import { useAuth } from '../../../session/useAuth';

/** Header (session-aware), footer and page chrome of every public page and of the router's error view. */
export function PublicFrame({
  children,
  animate = false,
}: {
  children: ReactNode;
  animate?: boolean;
}) {
  const { status, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const year = useNow().getUTCFullYear();
  const signOut = async () => {
    await logout();
    navigate(paths.home.getHref());
  };
  return (
    <PublicLayout
      signedIn={status === 'authenticated'}
      onLogout={() => void signOut()}
      currentPath={pathname}
      linkComponent={RouterLink}
      transitionKey={animate ? pathname : undefined}
      footerYear={year}
    >
      {children}
    </PublicLayout>
  );
}

import { Outlet } from 'react-router-dom';
import { useDocumentTitle, useRouteTitle } from '../../../shared/pageTitle';
import { PublicFrame } from './PublicFrame';

/** The layout route of the public pages: pages animate in as the route changes. */
export function PublicShell() {
  useDocumentTitle(useRouteTitle());
  return (
    <PublicFrame animate>
      <Outlet />
    </PublicFrame>
  );
}

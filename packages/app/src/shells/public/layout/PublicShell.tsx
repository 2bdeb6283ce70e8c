import { Outlet } from 'react-router-dom';
import { PublicFrame } from './PublicFrame';

/** The layout route of the public pages: pages animate in as the route changes. */
export function PublicShell() {
  return (
    <PublicFrame animate>
      <Outlet />
    </PublicFrame>
  );
}

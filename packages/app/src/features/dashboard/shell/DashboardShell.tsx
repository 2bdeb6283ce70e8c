import { useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { DashboardLayout, toast } from '@parlance/ui';
import { useAppDispatch, useAppStore } from '../../../store/hooks';
import { useAuth } from '../../auth/useAuth';
import type { DashboardHandle } from '../routes';
import { useNow } from '../../../shared/now';
import { RouterLink } from '../../../shared/RouterLink';
import { refreshAll } from './refreshAll';
import { RefreshAllButton, UserMenu } from './TopBarActions';

/** The title of the deepest matched dashboard route. */
function usePageTitle(): string {
  const titles = useMatches()
    .map((match) => (match.handle as DashboardHandle | undefined)?.title)
    .filter((title): title is string => Boolean(title));
  return titles.at(-1) ?? 'Dashboard';
}

/** The dashboard frame: sidebar, top bar (page title, Refresh all, the user, Log Out) and the page. */
export function DashboardShell() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const now = useNow();
  const title = usePageTitle();
  const [refreshing, setRefreshing] = useState(false);

  const onRefreshAll = async () => {
    setRefreshing(true);
    try {
      const failures = await refreshAll(dispatch, store.getState(), now);
      for (const failure of failures) toast.destructive(failure);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <DashboardLayout
      title={title}
      activePath={pathname}
      linkComponent={RouterLink}
      actions={<RefreshAllButton refreshing={refreshing} onClick={() => void onRefreshAll()} />}
      userMenu={<UserMenu name={user?.name ?? ''} onLogout={() => void logout()} />}
    >
      <Outlet />
    </DashboardLayout>
  );
}

export { DashboardShell as Component };

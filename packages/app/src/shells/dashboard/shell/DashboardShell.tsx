import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DashboardLayout, toast } from '@parlance/ui';
import { useConfigQuery } from '../../../shared/configApi';
import { useAppDispatch, useAppStore } from '../../../store/hooks';
import { useAuth } from '../../../session/useAuth';
import { LocalDayClock } from '../../../shared/LocalDayClock';
import { useNow } from '../../../shared/now';
import { useDocumentTitle, useRouteTitle } from '../../../shared/pageTitle';
import { RouterLink } from '../../../shared/RouterLink';
import { refreshFailureMessage } from '../../../shared/messages';
import { refreshAll } from './refreshAll';
import { dashboardNavigation } from './navigation';
import { RefreshAllButton, UserMenu } from './TopBarActions';
import { TestModeNotice } from './DashboardShell.styles';

/** The longest a page waits for the server's settings. */
export const SETTINGS_WAIT_MS = 2000;

/**
 * The dashboard frame: sidebar, top bar (page title, Refresh all, the user, Log Out) and the
 * page; above it, while the server takes payments with its test provider, a test-mode notice.
 * The page shows once the server's settings are known, could not be read, or took longer than
 * SETTINGS_WAIT_MS.
 */
export function DashboardShell() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const now = useNow();
  const title = useRouteTitle() ?? 'Dashboard';
  useDocumentTitle(title);
  const [refreshing, setRefreshing] = useState(false);
  // The page waits for the server's settings (a small call, preloaded with the page): a test-mode
  // notice inserted above a page already on screen would push all of it down. Settings that do
  // not come hold it back SETTINGS_WAIT_MS at most.
  const { data: config, isLoading: configLoading } = useConfigQuery();
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), SETTINGS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const pageReady = !configLoading || waitedLong;

  const onRefreshAll = async () => {
    setRefreshing(true);
    try {
      const failed = await refreshAll(dispatch, store.getState(), now);
      if (failed.length > 0) toast.destructive(refreshFailureMessage(failed));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <DashboardLayout
      navigation={dashboardNavigation}
      title={title}
      activePath={pathname}
      linkComponent={RouterLink}
      actions={<RefreshAllButton refreshing={refreshing} onClick={() => void onRefreshAll()} />}
      userMenu={<UserMenu name={user?.name ?? ''} onLogout={() => void logout()} />}
    >
      {config?.testPayments && (
        <TestModeNotice variant="warning" title="Test mode">
          Payments go to a test provider: pay with the card 4242 4242 4242 4242. No real money
          moves, and the credit it buys is for trying Parlance out.
        </TestModeNotice>
      )}
      {pageReady && <Outlet />}
    </DashboardLayout>
  );
}

/** The route's component: the shell, with a "now" that turns at the user's midnight. */
export function Component() {
  return (
    <LocalDayClock>
      <DashboardShell />
    </LocalDayClock>
  );
}

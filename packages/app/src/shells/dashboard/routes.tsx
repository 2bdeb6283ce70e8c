import { replace, type RouteObject } from 'react-router-dom';
import { paths } from '../../paths';
import { DashboardGuard } from './guard/DashboardGuard';
import { titled } from '../../shared/pageTitle';

const dashboard = paths.dashboard;

/**
 * The dashboard's routes, mounted under /dashboard by the route table: the session guard, then the
 * lazily loaded shell (sidebar and top bar) around lazily loaded pages.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    element: <DashboardGuard />,
    children: [
      {
        lazy: () => import('./shell/DashboardShell'),
        children: [
          // A loader redirect replaces the /dashboard history entry with /dashboard/overview.
          { index: true, loader: () => replace(dashboard.overview.getHref()) },
          {
            path: dashboard.overview.path,
            handle: titled('Overview'),
            lazy: () => import('./overview/OverviewRoute'),
          },
          {
            path: dashboard.usage.path,
            handle: titled('Usage'),
            lazy: () => import('../../features/usage/components/UsageRoute'),
          },
          {
            path: dashboard.billing.path,
            handle: titled('Billing'),
            lazy: () => import('../../features/billing/components/BillingRoute'),
          },
          {
            path: dashboard.history.path,
            handle: titled('History'),
            lazy: () => import('../../features/transcripts/components/HistoryRoute'),
          },
          {
            path: dashboard.transcript.path,
            handle: titled('Transcript'),
            lazy: () => import('../../features/transcripts/components/TranscriptRoute'),
          },
          {
            path: dashboard.apiKeys.path,
            handle: titled('API Keys'),
            lazy: () => import('../../features/apiKeys/components/ApiKeysRoute'),
          },
          {
            path: dashboard.playground.path,
            handle: titled('Playground'),
            lazy: () => import('../../features/transcripts/components/PlaygroundRoute'),
          },
          {
            path: dashboard.settings.path,
            handle: titled('Settings'),
            lazy: () => import('../../features/account/components/SettingsRoute'),
          },
          {
            path: dashboard.account.path,
            handle: titled('Account'),
            lazy: () => import('../../features/account/components/AccountRoute'),
          },
          {
            path: dashboard.support.path,
            handle: titled('Support'),
            lazy: () => import('../../features/support/components/SupportRoute'),
          },
        ],
      },
    ],
  },
];

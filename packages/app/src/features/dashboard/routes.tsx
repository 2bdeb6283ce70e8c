import { replace, type RouteObject } from 'react-router-dom';
import { paths } from '../../paths';
import { DashboardGuard } from './guard/DashboardGuard';

const dashboard = paths.dashboard;

/** Route data the shell reads: the page title shown in the top bar. */
export interface DashboardHandle {
  title: string;
}

const titled = (title: string): DashboardHandle => ({ title });

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
            lazy: () => import('./overview/OverviewPage'),
          },
          {
            path: dashboard.usage.path,
            handle: titled('Usage'),
            lazy: () => import('./usage/UsagePage'),
          },
          {
            path: dashboard.billing.path,
            handle: titled('Billing'),
            lazy: () => import('./billing/BillingPage'),
          },
          {
            path: dashboard.history.path,
            handle: titled('History'),
            lazy: () => import('./history/HistoryPage'),
          },
          {
            path: dashboard.transcript.path,
            handle: titled('Transcript'),
            lazy: () => import('./history/TranscriptPage'),
          },
          {
            path: dashboard.apiKeys.path,
            handle: titled('API Keys'),
            lazy: () => import('./apiKeys/ApiKeysPage'),
          },
          {
            path: dashboard.playground.path,
            handle: titled('Playground'),
            lazy: () => import('./playground/PlaygroundPage'),
          },
          {
            path: dashboard.settings.path,
            handle: titled('Settings'),
            lazy: () => import('./settings/SettingsPage'),
          },
          {
            path: dashboard.account.path,
            handle: titled('Account'),
            lazy: () => import('./account/AccountPage'),
          },
          {
            path: dashboard.support.path,
            handle: titled('Support'),
            lazy: () => import('./support/SupportPage'),
          },
        ],
      },
    ],
  },
];

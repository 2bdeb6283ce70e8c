import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import {
  BarChartIcon,
  ClockIcon,
  CreditCardIcon,
  GridIcon,
  HelpIcon,
  KeyIcon,
  TerminalIcon,
  UserIcon,
  type SidebarGroup,
} from '@parlance/ui';
import { paths } from '../../paths';

/**
 * A dashboard page: its path, its title (the tab's and the top bar's), the module that renders
 * it, and, for a page the sidebar lists, its group and icon (the sidebar's label is the title).
 */
interface DashboardPage {
  path: string;
  title: string;
  lazy: NonNullable<RouteObject['lazy']>;
  sidebar?: { group: 'product' | 'account'; Icon: ComponentType };
}

const dashboard = paths.dashboard;

/**
 * Every dashboard page, in the sidebar's order (the spec's). Settings is reached from the user
 * menu, a receipt from Billing and a transcript from History: none is in the sidebar.
 */
export const dashboardPages: readonly DashboardPage[] = [
  {
    path: dashboard.overview.path,
    title: 'Overview',
    lazy: () => import('./overview/OverviewRoute'),
    sidebar: { group: 'product', Icon: GridIcon },
  },
  {
    path: dashboard.usage.path,
    title: 'Usage',
    lazy: () => import('../../features/usage/components/UsageRoute'),
    sidebar: { group: 'product', Icon: BarChartIcon },
  },
  {
    path: dashboard.billing.path,
    title: 'Billing',
    lazy: () => import('../../features/billing/components/BillingRoute'),
    sidebar: { group: 'product', Icon: CreditCardIcon },
  },
  {
    path: dashboard.receipt.path,
    title: 'Receipt',
    lazy: () => import('../../features/billing/components/ReceiptRoute'),
  },
  {
    path: dashboard.history.path,
    title: 'History',
    lazy: () => import('../../features/transcripts/components/HistoryRoute'),
    sidebar: { group: 'product', Icon: ClockIcon },
  },
  {
    path: dashboard.transcript.path,
    title: 'Transcript',
    lazy: () => import('../../features/transcripts/components/TranscriptRoute'),
  },
  {
    path: dashboard.apiKeys.path,
    title: 'API Keys',
    lazy: () => import('../../features/apiKeys/components/ApiKeysRoute'),
    sidebar: { group: 'product', Icon: KeyIcon },
  },
  {
    path: dashboard.playground.path,
    title: 'Playground',
    lazy: () => import('../../features/transcripts/components/PlaygroundRoute'),
    sidebar: { group: 'product', Icon: TerminalIcon },
  },
  {
    path: dashboard.settings.path,
    title: 'Settings',
    lazy: () => import('../../features/account/components/SettingsRoute'),
  },
  {
    path: dashboard.account.path,
    title: 'Account',
    lazy: () => import('../../features/account/components/AccountRoute'),
    sidebar: { group: 'account', Icon: UserIcon },
  },
  {
    path: dashboard.support.path,
    title: 'Support',
    lazy: () => import('../../features/support/components/SupportRoute'),
    sidebar: { group: 'account', Icon: HelpIcon },
  },
];

/** The sidebar: the pages that have a place in it, by group. */
export const dashboardNavigation = {
  groups: (['product', 'account'] as const).map((group): SidebarGroup =>
    dashboardPages.flatMap(({ path, title, sidebar }) =>
      sidebar?.group === group ? [{ label: title, href: path, Icon: sidebar.Icon }] : [],
    ),
  ),
  homeHref: dashboard.overview.getHref(),
};

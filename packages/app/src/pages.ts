/**
 * The icons a sidebar item may have: the sidebar draws them
 * (shells/dashboard/shell/navigation.ts).
 */
export type SidebarIcon =
  'grid' | 'chart' | 'card' | 'clock' | 'key' | 'terminal' | 'user' | 'help';

/**
 * A dashboard page: its path (a pattern with at most one `:param`), its title (the tab's and the
 * top bar's), the module that renders it, and, for a page the sidebar lists, its group and icon
 * (the sidebar's label is the title). Modules and icons are named, not imported: the public pages
 * link by this file (paths.ts), and load neither; the dashboard's routes and sidebar do.
 */
interface DashboardPage {
  readonly path: `/dashboard/${string}`;
  readonly title: string;
  /** The module under src/ that renders it (exporting `Component`), without its extension. */
  readonly module: string;
  readonly sidebar?: { readonly group: 'product' | 'account'; readonly icon: SidebarIcon };
}

/**
 * Every dashboard page by name, in the sidebar's order (the spec's): the one place a page is
 * added. `paths.dashboard` (links), the router, the page titles and the sidebar come from it.
 * Settings is reached from the user menu, a receipt from Billing and a transcript from History:
 * none is in the sidebar.
 */
export const dashboardPages = {
  overview: {
    path: '/dashboard/overview',
    title: 'Overview',
    module: 'shells/dashboard/overview/OverviewRoute',
    sidebar: { group: 'product', icon: 'grid' },
  },
  usage: {
    path: '/dashboard/usage',
    title: 'Usage',
    module: 'features/usage/components/UsageRoute',
    sidebar: { group: 'product', icon: 'chart' },
  },
  billing: {
    path: '/dashboard/billing',
    title: 'Billing',
    module: 'features/billing/components/BillingRoute',
    sidebar: { group: 'product', icon: 'card' },
  },
  receipt: {
    path: '/dashboard/billing/receipts/:id',
    title: 'Receipt',
    module: 'features/billing/components/ReceiptRoute',
  },
  history: {
    path: '/dashboard/history',
    title: 'History',
    module: 'features/transcripts/components/HistoryRoute',
    sidebar: { group: 'product', icon: 'clock' },
  },
  transcript: {
    path: '/dashboard/history/:id',
    title: 'Transcript',
    module: 'features/transcripts/components/TranscriptRoute',
  },
  apiKeys: {
    path: '/dashboard/api-keys',
    title: 'API Keys',
    module: 'features/apiKeys/components/ApiKeysRoute',
    sidebar: { group: 'product', icon: 'key' },
  },
  playground: {
    path: '/dashboard/playground',
    title: 'Playground',
    module: 'features/transcripts/components/PlaygroundRoute',
    sidebar: { group: 'product', icon: 'terminal' },
  },
  settings: {
    path: '/dashboard/settings',
    title: 'Settings',
    module: 'features/account/components/SettingsRoute',
  },
  account: {
    path: '/dashboard/account',
    title: 'Account',
    module: 'features/account/components/AccountRoute',
    sidebar: { group: 'account', icon: 'user' },
  },
  support: {
    path: '/dashboard/support',
    title: 'Support',
    module: 'features/support/components/SupportRoute',
    sidebar: { group: 'account', icon: 'help' },
  },
} as const satisfies Record<string, DashboardPage>;

/** The pages in their order, for the router and the sidebar. */
export const dashboardPageList: readonly DashboardPage[] = Object.values(dashboardPages);

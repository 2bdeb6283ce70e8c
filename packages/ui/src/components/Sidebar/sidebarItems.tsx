import {
  BarChartIcon,
  ClockIcon,
  CreditCardIcon,
  GridIcon,
  HelpIcon,
  KeyIcon,
  TerminalIcon,
  UserIcon,
} from '../../icons';

/** The dashboard sidebar, in the spec's order. Settings has a route but no sidebar link. */
export const sidebarGroups = [
  [
    { label: 'Overview', href: '/dashboard/overview', Icon: GridIcon },
    { label: 'Usage', href: '/dashboard/usage', Icon: BarChartIcon },
    { label: 'Billing', href: '/dashboard/billing', Icon: CreditCardIcon },
    { label: 'History', href: '/dashboard/history', Icon: ClockIcon },
    { label: 'API Keys', href: '/dashboard/api-keys', Icon: KeyIcon },
    { label: 'Playground', href: '/dashboard/playground', Icon: TerminalIcon },
  ],
  [
    { label: 'Account', href: '/dashboard/account', Icon: UserIcon },
    { label: 'Support', href: '/dashboard/support', Icon: HelpIcon },
  ],
] as const;

/** A link is active on its own path and on any path below it. */
export function isActivePath(href: string, activePath: string | undefined): boolean {
  return activePath !== undefined && (activePath === href || activePath.startsWith(`${href}/`));
}

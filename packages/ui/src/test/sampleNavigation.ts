/**
 * Navigation for the stories and tests of Header, Footer, Sidebar and the layouts: the product's
 * own (the app passes it as props), so a story looks like the page it stands for.
 */
import type { FooterColumn } from '../components/Footer';
import type { HeaderLink } from '../components/Header';
import type { SidebarGroup } from '../components/Sidebar';
import {
  BarChartIcon,
  ClockIcon,
  CreditCardIcon,
  GridIcon,
  HelpIcon,
  KeyIcon,
  TerminalIcon,
  UserIcon,
} from '../icons';

export const sampleHeaderLinks: readonly HeaderLink[] = [
  { label: 'Features', href: '/features' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'Docs', href: '/docs' },
  { label: 'Blog', href: '/blog' },
];

export const sampleFooterColumns: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '/features' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'Demo', href: '/demo' },
      { label: 'Roadmap', href: '/blog/roadmap' },
    ],
  },
  {
    title: 'Developers',
    links: [
      { label: 'Documentation', href: '/docs' },
      { label: 'Guides', href: '/guides' },
      { label: 'API status', href: '/status' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '/about' },
      { label: 'Blog', href: '/blog' },
      { label: 'Careers', href: '/careers' },
      { label: 'Contact', href: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', href: '/privacy' },
      { label: 'Terms', href: '/terms' },
    ],
  },
];

export const sampleSidebarGroups: readonly SidebarGroup[] = [
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
];

export const sampleHeaderHrefs = {
  home: '/',
  dashboard: '/dashboard/overview',
  signIn: '/login',
  signUp: '/register',
};

export const sampleDashboardNavigation = {
  groups: sampleSidebarGroups,
  homeHref: '/dashboard/overview',
};

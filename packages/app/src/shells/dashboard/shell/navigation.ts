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
import type { ComponentType } from 'react';
import { dashboardPageList, dashboardPages, type SidebarIcon } from '../../../pages';

/** Each icon the page manifest may name. */
const ICONS: Record<SidebarIcon, ComponentType> = {
  grid: GridIcon,
  chart: BarChartIcon,
  card: CreditCardIcon,
  clock: ClockIcon,
  key: KeyIcon,
  terminal: TerminalIcon,
  user: UserIcon,
  help: HelpIcon,
};

/** The sidebar: the pages that have a place in it, by group. */
export const dashboardNavigation = {
  groups: (['product', 'account'] as const).map((group): SidebarGroup =>
    dashboardPageList.flatMap(({ path, title, sidebar }) =>
      sidebar?.group === group ? [{ label: title, href: path, Icon: ICONS[sidebar.icon] }] : [],
    ),
  ),
  homeHref: dashboardPages.overview.path,
};

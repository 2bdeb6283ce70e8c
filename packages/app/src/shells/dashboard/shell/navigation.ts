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
import { dashboardPageList, dashboardPages } from '../../../pages';

/** The icons a page in the sidebar may have, by the name the page manifest gives. */
const ICONS = {
  grid: GridIcon,
  chart: BarChartIcon,
  card: CreditCardIcon,
  clock: ClockIcon,
  key: KeyIcon,
  terminal: TerminalIcon,
  user: UserIcon,
  help: HelpIcon,
};
export type SidebarIcon = keyof typeof ICONS;

/** The sidebar: the pages that have a place in it, by group. */
export const dashboardNavigation = {
  groups: (['product', 'account'] as const).map((group): SidebarGroup =>
    dashboardPageList.flatMap(({ path, title, sidebar }) =>
      sidebar?.group === group ? [{ label: title, href: path, Icon: ICONS[sidebar.icon] }] : [],
    ),
  ),
  homeHref: dashboardPages.overview.path,
};

import { replace, type RouteObject } from 'react-router-dom';
import { paths } from '../../paths';
import { DashboardGuard } from './guard/DashboardGuard';
import { dashboardPageList } from '../../pages';
import { pageModule } from '../../pageModules';
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
          ...dashboardPageList.map(({ path, title, module }) => ({
            path,
            handle: titled(title),
            lazy: pageModule(module),
          })),
        ],
      },
    ],
  },
];

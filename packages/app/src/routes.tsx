import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';
import { PublicShell } from './shells/public/layout/PublicShell';
import { RouteError } from './shells/public/errors/RouteError';
import { PageLoading } from './shells/public/layout/PageLoading';
import { paths } from './paths';

/**
 * The route table, shared by the browser router (main.tsx) and the memory routers of tests and
 * stories. Pages load lazily: a route module exports `Component` (and a `loader` when it has one).
 * Paths without a route (/guides, /status, …) end in the router's 404, shown by RouteError.
 * Every router is created with `routerOptions`, which adds the dashboard's routes on demand.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicShell />,
        children: [
          { index: true, lazy: () => import('./shells/public/home/HomeRoute') },
          {
            path: paths.features.path,
            lazy: () => import('./shells/public/features/FeaturesRoute'),
          },
          {
            path: paths.pricing.path,
            lazy: () => import('./shells/public/pricing/PricingRoute'),
          },
          { path: paths.demo.path, lazy: () => import('./shells/public/demo/DemoRoute') },
          { path: paths.blog.path, lazy: () => import('./shells/public/blog/BlogListRoute') },
          { path: paths.blogPost.path, lazy: () => import('./shells/public/blog/BlogPostRoute') },
          {
            path: paths.contact.path,
            lazy: () => import('./shells/public/contact/ContactRoute'),
          },
          { path: paths.docs.path, lazy: () => import('./shells/public/docs/DocsRoute') },
          { path: paths.login.path, lazy: () => import('./features/auth/login/LoginRoute') },
          {
            path: paths.register.path,
            lazy: () => import('./features/auth/register/RegisterRoute'),
          },
          {
            path: paths.forgotPassword.path,
            lazy: () => import('./features/auth/forgot/ForgotPasswordRoute'),
          },
          {
            path: paths.resetPassword.path,
            lazy: () => import('./features/auth/reset/ResetPasswordRoute'),
          },
          {
            path: paths.authCallback.path,
            lazy: () => import('./features/auth/callback/AuthCallbackRoute'),
          },
        ],
      },
    ],
  },
];

const dashboardRoot = paths.dashboard.root.path;

/**
 * The dashboard's part of the table is discovered on the first navigation under /dashboard, so the
 * public pages' initial JavaScript carries neither its routes nor its session guard.
 */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (path !== dashboardRoot && !path.startsWith(`${dashboardRoot}/`)) return;
  const { dashboardRoutes } = await import('./shells/dashboard/routes');
  patch('root', [{ path: dashboardRoot, children: dashboardRoutes }]);
};

/** Options for every router over `routes` (browser, memory routers of tests and stories). */
export const routerOptions = { patchRoutesOnNavigation };

import { Outlet, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { PublicShell } from './shells/public/layout/PublicShell';
import { RouteError } from './shells/public/errors/RouteError';
import { PageLoading } from './shells/public/layout/PageLoading';
import { paths } from './paths';
import { titled, type TitledHandle } from './shared/pageTitle';
import type { Post } from './shells/public/blog/posts';
import { storeProvider, withStore } from './store/deferredStore';

/**
 * The route table, shared by the browser router (main.tsx) and the memory routers of tests and
 * stories. Pages load lazily: a route module exports `Component` (and a `loader` when it has one).
 * Paths without a route (/guides, /status, …) end in the router's 404, shown by RouteError.
 * Every router is created with `routerOptions`, which adds the dashboard's routes on demand.
 * Pages that read or call the API get the store with their code (`withStore`: in the browser it is
 * made when first needed); the others (home, features, demo, blog) render without it.
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
          {
            index: true,
            handle: titled('Speech to text for developers'),
            lazy: () => import('./shells/public/home/HomeRoute'),
          },
          {
            path: paths.features.path,
            handle: titled('Features'),
            lazy: () => import('./shells/public/features/FeaturesRoute'),
          },
          {
            path: paths.pricing.path,
            handle: titled('Pricing'),
            lazy: withStore(() => import('./shells/public/pricing/PricingRoute')),
          },
          {
            path: paths.demo.path,
            handle: titled('Demo'),
            lazy: () => import('./shells/public/demo/DemoRoute'),
          },
          {
            path: paths.blog.path,
            handle: titled('Blog'),
            lazy: () => import('./shells/public/blog/BlogListRoute'),
          },
          {
            path: paths.blogPost.path,
            // The post's own title, once its loader has found it.
            handle: {
              title: (post) => (post as Post | undefined)?.title ?? 'Blog',
            } satisfies TitledHandle,
            lazy: () => import('./shells/public/blog/BlogPostRoute'),
          },
          {
            path: paths.contact.path,
            handle: titled('Contact'),
            lazy: withStore(() => import('./shells/public/contact/ContactRoute')),
          },
          {
            path: paths.docs.path,
            handle: titled('API documentation'),
            lazy: withStore(() => import('./shells/public/docs/DocsRoute')),
          },
          {
            path: paths.login.path,
            handle: titled('Sign in'),
            lazy: withStore(() => import('./features/auth/login/LoginRoute')),
          },
          {
            path: paths.register.path,
            handle: titled('Create an account'),
            lazy: withStore(() => import('./features/auth/register/RegisterRoute')),
          },
          {
            path: paths.forgotPassword.path,
            handle: titled('Forgot password'),
            lazy: withStore(() => import('./features/auth/forgot/ForgotPasswordRoute')),
          },
          {
            path: paths.resetPassword.path,
            handle: titled('Choose a new password'),
            lazy: withStore(() => import('./features/auth/reset/ResetPasswordRoute')),
          },
          {
            path: paths.authCallback.path,
            handle: titled('Signing in'),
            lazy: withStore(() => import('./features/auth/callback/AuthCallbackRoute')),
          },
        ],
      },
    ],
  },
];

const dashboardRoot = paths.dashboard.root.path;

/**
 * The dashboard's part of the table is discovered on the first navigation under /dashboard, so the
 * public pages' initial JavaScript carries neither its routes nor its session guard. Every
 * dashboard page uses the store: it is made before they are added, and provided above them all.
 */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (path !== dashboardRoot && !path.startsWith(`${dashboardRoot}/`)) return;
  const [{ dashboardRoutes }, provide] = await Promise.all([
    import('./shells/dashboard/routes'),
    storeProvider(),
  ]);
  patch('root', [
    {
      path: dashboardRoot,
      ...(provide && { Component: provide(Outlet) }),
      children: dashboardRoutes,
    },
  ]);
};

/** Options for every router over `routes` (browser, memory routers of tests and stories). */
export const routerOptions = { patchRoutesOnNavigation };

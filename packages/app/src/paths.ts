import { pagePaths } from '@parlance/contract/endpoints';
import { dashboardPages } from './pages';

/** A link builder: none for a fixed path, the parameter's value for a path with one `:param`. */
type Href<P extends string> = P extends `${string}:${string}`
  ? (param: string) => string
  : () => string;

/** A route's path and link builder, the parameter (if any) filled in and encoded. */
const linkTo = <P extends string>(path: P) => ({
  path,
  getHref: ((param?: string) =>
    param === undefined ? path : path.replace(/:[^/]+/, encodeURIComponent(param))) as Href<P>,
});

type DashboardLinks = {
  [Name in keyof typeof dashboardPages]: ReturnType<
    typeof linkTo<(typeof dashboardPages)[Name]['path']>
  >;
};

const dashboardLinks = Object.fromEntries(
  Object.entries(dashboardPages).map(([name, page]) => [name, linkTo(page.path)]),
) as DashboardLinks;

/**
 * Every route path of the app, defined once: `path` is the route pattern, `getHref` builds a link.
 * The dashboard's pages come from their manifest (pages.ts). Footer links with no route (/guides,
 * /status, …) are not here: they show the not-found page.
 */
export const paths = {
  home: linkTo('/'),
  features: linkTo('/features'),
  pricing: linkTo('/pricing'),
  demo: linkTo('/demo'),
  blog: linkTo('/blog'),
  blogPost: linkTo('/blog/:slug'),
  contact: linkTo('/contact'),
  docs: linkTo('/docs'),
  login: linkTo('/login'),
  register: linkTo('/register'),
  forgotPassword: linkTo('/forgot-password'),
  resetPassword: {
    /** Mailed links carry the token in the fragment (`#token=…`); the optional segment is the older form. */
    path: '/reset-password/:token?',
    getHref: () => '/reset-password',
  },
  authCallback: linkTo('/auth/callback'),
  dashboard: { root: linkTo('/dashboard'), ...dashboardLinks },
  /** Server pages the browser navigates to (not client routes). */
  server: {
    googleSignIn: linkTo(pagePaths.googleSignIn),
    apiReference: linkTo(pagePaths.apiReference),
  },
} as const;

import { pagePaths } from '@parlance/contract/endpoints';

/**
 * Every route path of the app, defined once: `path` is the route pattern, `getHref` builds a link.
 * Footer links with no route (/guides, /status, …) are not here: they show the not-found page.
 */
const fixed = <P extends string>(path: P) => ({ path, getHref: () => path });

export const paths = {
  home: fixed('/'),
  features: fixed('/features'),
  pricing: fixed('/pricing'),
  demo: fixed('/demo'),
  blog: fixed('/blog'),
  blogPost: { path: '/blog/:slug', getHref: (slug: string) => `/blog/${encodeURIComponent(slug)}` },
  contact: fixed('/contact'),
  docs: fixed('/docs'),
  login: fixed('/login'),
  register: fixed('/register'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: {
    /** Mailed links carry the token in the fragment (`#token=…`); the optional segment is the older form. */
    path: '/reset-password/:token?',
    getHref: () => '/reset-password',
  },
  authCallback: fixed('/auth/callback'),
  dashboard: {
    root: fixed('/dashboard'),
    overview: fixed('/dashboard/overview'),
    usage: fixed('/dashboard/usage'),
    billing: fixed('/dashboard/billing'),
    receipt: {
      path: '/dashboard/billing/receipts/:id',
      getHref: (paymentId: string) =>
        `/dashboard/billing/receipts/${encodeURIComponent(paymentId)}`,
    },
    history: fixed('/dashboard/history'),
    transcript: {
      path: '/dashboard/history/:id',
      getHref: (id: string) => `/dashboard/history/${encodeURIComponent(id)}`,
    },
    apiKeys: fixed('/dashboard/api-keys'),
    playground: fixed('/dashboard/playground'),
    settings: fixed('/dashboard/settings'),
    account: fixed('/dashboard/account'),
    support: fixed('/dashboard/support'),
  },
  /** Server pages the browser navigates to (not client routes). */
  server: {
    googleSignIn: fixed(pagePaths.googleSignIn),
    apiReference: fixed(pagePaths.apiReference),
  },
} as const;

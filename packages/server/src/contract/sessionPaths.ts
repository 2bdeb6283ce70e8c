/**
 * The paths every page's code needs, kept apart from the others (apiPaths.ts) so that the first
 * page's bundle carries these alone.
 */

/** The session every page loads: who is signed in (the header shows it), and signing out. */
export const sessionPaths = {
  me: '/api/auth/me',
  logout: '/api/auth/logout',
} as const;

/** Server pages the browser navigates to (links, not calls). */
export const pagePaths = {
  /** Redirects to Google, which sends the browser back to `…/callback`. */
  googleSignIn: '/api/auth/google',
  /** Swagger UI. */
  apiReference: '/api/reference',
} as const;

/**
 * The paths every page's code needs, kept apart from the others (apiPaths.ts) so that the first
 * page's bundle carries these alone.
 */

/** The session every page loads: who is signed in (the header shows it), and signing out. */
export const sessionPaths = {
  me: '/api/auth/me',
  logout: '/api/auth/logout',
} as const;

/**
 * A cookie the page's script can read, set and cleared with the (HttpOnly) session cookie: without
 * it there can be no session, so public pages skip the current-user call and its 401. It proves
 * nothing; the session cookie alone signs requests in.
 */
export const SIGNED_IN_HINT_COOKIE = 'parlance_signed_in';

/** Server pages the browser navigates to (links, not calls). */
export const pagePaths = {
  /** Redirects to Google, which sends the browser back to `…/callback`. */
  googleSignIn: '/api/auth/google',
  /** Swagger UI. */
  apiReference: '/api/reference',
} as const;

/**
 * The query parameter naming where to go once signed in: the sign-in and registration pages take
 * it, and Google sign-in (`pagePaths.googleSignIn`) carries it through to `/auth/callback`.
 */
export const RETURN_PARAM = 'next';

/**
 * Whether `path` may be gone to after signing in: a path of this site (one leading slash, no
 * backslash or control character, which browsers could read as another host), of at most 1 KB
 * (Google sign-in keeps it in a cookie, which browsers drop beyond 4 KB).
 */
export function isReturnPath(path: string): boolean {
  return (
    /^\/(?![/\\])/.test(path) &&
    // eslint-disable-next-line no-control-regex
    !/[\\\u0000-\u001f\u007f]/.test(path) &&
    new TextEncoder().encode(path).length <= 1024
  );
}

import { isReturnPath, RETURN_PARAM } from '@parlance/contract/endpoints';
import { paths } from '../paths';

/**
 * The sign-in page's address for a visitor sent there from `location` (path, query and fragment of
 * this site): once signed in, they come back to it (afterSignIn).
 */
export function loginHref(location: { pathname: string; search: string; hash: string }): string {
  const back = `${location.pathname}${location.search}${location.hash}`;
  return hrefReturningTo(paths.login.getHref(), back);
}

/** `href` with `path` as its return path (`?next=`). */
const hrefReturningTo = (href: string, path: string) =>
  `${href}?${new URLSearchParams({ [RETURN_PARAM]: path })}`;

/** The page's return path (`?next=`), when it is one of this site's. */
function returnPathOf(search: string): string | null {
  const next = new URLSearchParams(search).get(RETURN_PARAM);
  return next !== null && isReturnPath(next) ? next : null;
}

/** Where to go after signing in: the page's return path, else the overview. */
export function afterSignIn(search: string): string {
  return returnPathOf(search) ?? paths.dashboard.overview.getHref();
}

/**
 * `href` (the other auth page, or Google sign-in) carrying the page's return path along, so a
 * visitor who switches from signing in to registering, or to Google, still comes back to it.
 */
export function withReturnPath(href: string, search: string): string {
  const next = returnPathOf(search);
  return next === null ? href : hrefReturningTo(href, next);
}

/** Google sign-in's address from a page whose query is `search`. */
export const googleSignInHref = (search: string) =>
  withReturnPath(paths.server.googleSignIn.getHref(), search);

import { paths } from '../paths';

/** The sign-in page's query parameter naming where to go once signed in. */
const NEXT = 'next';

/**
 * The sign-in page's address for a visitor sent there from `location` (path, query and fragment of
 * this site): once signed in, they come back to it (afterSignIn).
 */
export function loginHref(location: { pathname: string; search: string; hash: string }): string {
  const back = `${location.pathname}${location.search}${location.hash}`;
  return `${paths.login.getHref()}?${new URLSearchParams({ [NEXT]: back })}`;
}

/**
 * Where to go after signing in: the sign-in page's `next` when it is a path of this site (one
 * slash, no backslash or control character, which browsers could read as another host), else the
 * overview.
 */
export function afterSignIn(search: string): string {
  const next = new URLSearchParams(search).get(NEXT);
  // eslint-disable-next-line no-control-regex
  if (next && /^\/(?![/\\])/.test(next) && !/[\\\u0000-\u001f\u007f]/.test(next)) return next;
  return paths.dashboard.overview.getHref();
}

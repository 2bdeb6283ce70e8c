import { paths } from '../paths';

/** Auth pages keep their sub-paths (e.g. /auth/callback?error=…): matched by prefix. */
const AUTH_PREFIXES = [
  paths.login.path,
  paths.register.path,
  paths.forgotPassword.path,
  paths.authCallback.path,
];

/** Public pages: matched exactly. */
const PUBLIC_PAGES: readonly string[] = [
  paths.home.path,
  paths.features.path,
  paths.pricing.path,
  paths.contact.path,
  paths.blog.path,
  paths.demo.path,
];

/**
 * The RTK Query endpoints of the current-user call (the session check, and its background
 * re-check), whose 401 only means "signed out".
 */
const CURRENT_USER_ENDPOINTS: readonly string[] = ['me', 'sessionCheck'];

/** Whether a 401 answer to `endpoint`, received while the browser is at `pathname`, sends it to /login. */
export function shouldRedirectOn401(pathname: string, endpoint: string): boolean {
  if (CURRENT_USER_ENDPOINTS.includes(endpoint)) return false;
  if (AUTH_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  return !PUBLIC_PAGES.includes(pathname);
}

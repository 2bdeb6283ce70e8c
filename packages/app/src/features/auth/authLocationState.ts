import { paths } from '../../paths';

/** What other screens pass to the sign-in pages in the router's location state. */
export interface AuthLocationState {
  /** A message to show above the form (e.g. "Your password has been reset"). */
  notice?: string;
  /** Where the visitor was headed before being sent to sign in. */
  from?: string;
}

/** Where to go after signing in: back to the page that asked (same-site paths only), else the overview. */
export function afterSignIn(state: AuthLocationState | null): string {
  const from = state?.from;
  if (from && from.startsWith('/') && !from.startsWith('//')) return from;
  return paths.dashboard.overview.getHref();
}

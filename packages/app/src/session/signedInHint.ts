import { SIGNED_IN_HINT_COOKIE } from '@parlance/contract/endpoints';

/**
 * Whether this browser may hold a session: the server sets the hint cookie with the (HttpOnly)
 * session cookie and clears it with it, so without the hint the current-user call could only
 * answer 401, and is not made.
 */
export function mayBeSignedIn(): boolean {
  return (globalThis.document?.cookie ?? '')
    .split(';')
    .some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

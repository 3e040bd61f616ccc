/**
 * A cookie that says only "this browser may have a session" (no id, no personal data), readable by
 * the storefront: without it, nobody is signed in and the storefront does not ask
 * `GET /api/auth/user`, whose 401 a browser logs as a console error on every signed-out visit.
 * The session cookie itself stays HttpOnly. The engine sets the hint with a session and clears it
 * when a request comes without one.
 */
export const SIGNED_IN_HINT_COOKIE = 'contrail.signed-in';
/** The hint's name whenever the session cookie is `__Host-` (Secure): everywhere but plain-http development. */
export const SECURE_SIGNED_IN_HINT_COOKIE = `__Host-${SIGNED_IN_HINT_COOKIE}`;

const HINT = /(?:^|;\s*)(?:__Host-)?contrail\.signed-in=1(?:;|$)/;

/** Whether a Cookie header (or `document.cookie`) carries the hint. */
export function mayBeSignedIn(cookies: string | undefined): boolean {
  return HINT.test(cookies ?? '');
}

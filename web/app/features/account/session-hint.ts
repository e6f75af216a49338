import { ACCESS_COOKIE, SESSION_HINT_COOKIE } from '@loopwright/contracts';

/**
 * Whether the request carries a session cookie. Computed by the root loader on the server (the
 * cookies are HttpOnly, so scripts cannot see them): without one the header renders Log in /
 * Register straight away and the browser never asks for the user (no pointless 401s). The hint
 * cookie outlives the access token, so a returning user's session is renewed, not lost.
 */
export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get('cookie') ?? '';
  return [ACCESS_COOKIE, SESSION_HINT_COOKIE].some((name) => new RegExp(`(?:^|;\\s*)${name}=[^;]+`).test(cookie));
}

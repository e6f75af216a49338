import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '@loopwright/contracts';
import type { CookieOptions, Request, Response } from 'express';

export interface IssuedTokens {
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const REFRESH_PATH = '/api/oauth2';

function base(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' };
}

/** HttpOnly cookies; the refresh token is only ever sent to the token endpoints. Secure on https. */
export function setSessionCookies(response: Response, tokens: IssuedTokens, secure: boolean): void {
  response.cookie(ACCESS_COOKIE, tokens.accessToken, { ...base(secure), expires: tokens.accessExpiresAt });
  response.cookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base(secure),
    path: REFRESH_PATH,
    expires: tokens.refreshExpiresAt,
  });
  response.cookie(SESSION_HINT_COOKIE, '1', { ...base(secure), expires: tokens.refreshExpiresAt });
}

export function clearSessionCookies(response: Response, secure: boolean): void {
  response.clearCookie(ACCESS_COOKIE, base(secure));
  response.clearCookie(REFRESH_COOKIE, { ...base(secure), path: REFRESH_PATH });
  response.clearCookie(SESSION_HINT_COOKIE, base(secure));
}

/** A cookie of the request as text (cookie-parser types them as any). */
export function readCookie(request: Request, name: string): string | undefined {
  const value: unknown = request.cookies?.[name];
  return typeof value === 'string' ? value : undefined;
}

import { ACCESS_COOKIE, CLIENT_ID_HEADER, ErrorCode, REFRESH_COOKIE, RequestTexts } from '@loopwright/contracts';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Endpoints that create, rotate or end a session (and the rest of the account flow) live here. */
const SESSION_PATHS = /^\/api\/oauth2\//;

function sendsSessionCookie(request: Request): boolean {
  const cookie = request.headers.cookie ?? '';
  return cookie.includes(`${ACCESS_COOKIE}=`) || cookie.includes(`${REFRESH_COOKIE}=`);
}

function sameOrigin(request: Request, appOrigin: string): boolean {
  const site = request.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.header('origin');
  if (!origin) return true;
  return origin === appOrigin || origin === `${request.protocol}://${request.get('host')}`;
}

/**
 * Login CSRF and cookie-riding writes: a write that uses session cookies, or asks for them
 * (login, register, refresh, logout…), must come from our own pages. Browsers say where a request
 * comes from (Origin, Sec-Fetch-Site), and a cross-site form cannot send the X-Client-Id header;
 * the validation layer then takes JSON only. Refused before any body is read, so no cookie is set.
 * Bearer (API key) requests carry no cookies and are not concerned.
 */
export function crossSiteRequests(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return (request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method) || request.headers.authorization?.startsWith('Bearer ')) return next();
    if (!SESSION_PATHS.test(request.originalUrl) && !sendsSessionCookie(request)) return next();
    if (sameOrigin(request, appOrigin) && request.header(CLIENT_ID_HEADER)) return next();
    response.status(403).json({
      success: false,
      error: {
        code: ErrorCode.REQUEST_FORBIDDEN_ORIGIN,
        message: RequestTexts.crossSite,
        requestId: String(request.id ?? ''),
      },
    });
  };
}

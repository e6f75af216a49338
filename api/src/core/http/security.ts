import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers; in production pages may run only our scripts and the per-request nonce (a kept
 * page allows its inline scripts by hash instead: web/kept-page.ts).
 */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export function securityHeaders(development: boolean, options: { recaptcha?: boolean } = {}) {
  const recaptcha = options.recaptcha ? RECAPTCHA_SCRIPTS : [];
  const nonce = (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: development
      ? false
      : {
          directives: {
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, ...recaptcha],
            frameSrc: ["'self'", ...recaptcha],
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            connectSrc: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: development ? false : undefined,
  });
  // /embed/{fuid} is meant for iframes on other sites: any ancestor may frame it (nothing else).
  const embeddable = (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/(en\/)?embed\//.test(req.path)) return next();
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      const key = name.toLowerCase();
      if (key === 'x-frame-options') return res;
      if (key === 'content-security-policy' && typeof value === 'string')
        return setHeader(name, value.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
      return setHeader(name, value);
    };
    next();
  };
  return [nonce, embeddable, headers];
}

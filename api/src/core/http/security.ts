import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** Security headers; in production pages may run only our scripts and the per-request nonce. */
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
  return [nonce, headers];
}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { CLIENT_ID_HEADER, ErrorCode } from '@loopwright/contracts';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import type { Caller } from '../../../core/auth/caller.js';
import { AppError } from '../../../core/errors/app-error.js';
import { SessionOrApiKeyResolver } from '../identity.resolver.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The browser's way in: the HttpOnly access cookie. Cookie-carrying writes must send X-Client-Id,
 * which a cross-site form cannot. A request with an API key is left to the bearer strategy.
 */
@Injectable()
export class CookieSessionStrategy extends PassportStrategy(Strategy, 'cookie-session') {
  constructor(private readonly identity: SessionOrApiKeyResolver) {
    super();
  }

  async validate(request: Request): Promise<Caller | null> {
    if (
      !SAFE_METHODS.has(request.method) &&
      this.identity.hasSessionCookie(request) &&
      !request.header(CLIENT_ID_HEADER)
    ) {
      throw new AppError(ErrorCode.AUTH_FORBIDDEN, {
        message: 'This request must come from the Loopwright app (X-Client-Id header missing)',
      });
    }
    if (this.identity.bearerToken(request) !== null) return null;
    return this.identity.bySessionCookie(request);
  }
}

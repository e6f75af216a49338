import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ErrorCode } from '@loopwright/contracts';
import type { Request } from 'express';
import { Strategy } from 'passport-http-bearer';
import type { Caller } from '../../../core/auth/caller.js';
import { AppError } from '../../../core/errors/app-error.js';
import { SessionOrApiKeyResolver } from '../identity.resolver.js';

/**
 * Scripts and integrations: `Authorization: Bearer <the user's API key>`. Only the header counts:
 * passport-http-bearer also reads `access_token` from the query and body, where a key ends up in logs.
 * A key in the header that is not a live key (revoked, replaced, unknown, malformed, its owner
 * disabled) is refused with 401 AUTH_API_KEY_INVALID on every route, public ones included: a
 * script with a dead key is told so, never served as anonymous (a private diagram would look gone).
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly identity: SessionOrApiKeyResolver) {
    super({ passReqToCallback: true });
  }

  async validate(request: Request, token: string): Promise<Caller | null> {
    if (this.identity.bearerToken(request) !== token) return null;
    const caller = await this.identity.byApiKey(token);
    if (!caller) throw new AppError(ErrorCode.AUTH_API_KEY_INVALID);
    return caller;
  }
}

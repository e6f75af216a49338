import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-http-bearer';
import type { Caller } from '../../../core/auth/caller.js';
import { SessionOrApiKeyResolver } from '../identity.resolver.js';

/**
 * Scripts and integrations: `Authorization: Bearer <the user's API key>`. Only the header counts:
 * passport-http-bearer also reads `access_token` from the query and body, where a key ends up in logs.
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly identity: SessionOrApiKeyResolver) {
    super({ passReqToCallback: true });
  }

  async validate(request: Request, token: string): Promise<Caller | null> {
    if (this.identity.bearerToken(request) !== token) return null;
    return this.identity.byApiKey(token);
  }
}

import { Injectable } from '@nestjs/common';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@loopwright/contracts';
import type { Request } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { readCookie } from '../../core/auth/session-cookies.js';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import { SessionsService } from './sessions.service.js';

/** `Authorization: Bearer <API key>` first, else the session cookie. */
@Injectable()
export class SessionOrApiKeyResolver extends IdentityResolver {
  constructor(
    private readonly sessions: SessionsService,
    private readonly apiKeys: ApiKeysService,
  ) {
    super();
  }

  async resolve(request: Request): Promise<Caller | null> {
    const authorization = request.header('authorization');
    if (authorization?.startsWith('Bearer ')) {
      const owner = await this.apiKeys.authenticate(authorization.slice(7).trim());
      return owner ? { userId: owner.userId, role: owner.role, sessionId: null, via: 'api-key' } : null;
    }
    const accessToken = readCookie(request, ACCESS_COOKIE);
    if (typeof accessToken !== 'string') return null;
    const session = await this.sessions.authenticate(accessToken);
    return session ? { userId: session.userId, role: session.role, sessionId: session.sessionId, via: 'session' } : null;
  }

  hasSessionCookie(request: Request): boolean {
    return typeof request.cookies?.[ACCESS_COOKIE] === 'string' || typeof request.cookies?.[REFRESH_COOKIE] === 'string';
  }
}

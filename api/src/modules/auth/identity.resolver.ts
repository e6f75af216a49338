import { Injectable } from '@nestjs/common';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@loopwright/contracts';
import type { Request } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { readCookie } from '../../core/auth/session-cookies.js';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import { SessionsService } from './sessions.service.js';

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * `Authorization: Bearer <API key>` first, else the session cookie. The HTTP guard reaches the
 * same two lookups through the passport strategies; sockets and server rendering call resolve().
 */
@Injectable()
export class SessionOrApiKeyResolver extends IdentityResolver {
  constructor(
    private readonly sessions: SessionsService,
    private readonly apiKeys: ApiKeysService,
  ) {
    super();
  }

  async resolve(request: Request): Promise<Caller | null> {
    const bearer = this.bearerToken(request);
    return bearer !== null ? this.byApiKey(bearer) : this.bySessionCookie(request);
  }

  bearerToken(request: Request): string | null {
    return BEARER.exec(request.header('authorization') ?? '')?.[1]?.trim() ?? null;
  }

  async byApiKey(key: string): Promise<Caller | null> {
    const owner = await this.apiKeys.authenticate(key);
    return owner ? { userId: owner.userId, role: owner.role, sessionId: null, via: 'api-key' } : null;
  }

  async bySessionCookie(request: Request): Promise<Caller | null> {
    const accessToken = readCookie(request, ACCESS_COOKIE);
    if (typeof accessToken !== 'string') return null;
    const session = await this.sessions.authenticate(accessToken);
    return session
      ? { userId: session.userId, role: session.role, sessionId: session.sessionId, via: 'session' }
      : null;
  }

  hasSessionCookie(request: Request): boolean {
    return (
      typeof request.cookies?.[ACCESS_COOKIE] === 'string' || typeof request.cookies?.[REFRESH_COOKIE] === 'string'
    );
  }
}

import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CLIENT_ID_HEADER, ErrorCode } from '@loopwright/contracts';
import { AppError } from '../errors/app-error.js';
import type { RequestWithCaller } from './caller.js';
import { IdentityResolver } from './identity-resolver.js';
import { IS_PUBLIC } from './public.decorator.js';
import { REQUIRED_ROLE } from './roles.decorator.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Denies by default. Resolves the caller on every request (public routes may still want it);
 * a route is reachable when marked @Public() or the caller is authenticated (and has the role).
 * Cookie-carrying writes must send X-Client-Id, which a cross-site form cannot.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    if (!SAFE_METHODS.has(request.method) && this.identity.hasSessionCookie(request) && !request.header(CLIENT_ID_HEADER)) {
      throw new AppError(ErrorCode.AUTH_FORBIDDEN, { message: 'This request must come from the Loopwright app (X-Client-Id header missing)' });
    }
    request.caller = (await this.identity.resolve(request)) ?? undefined;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (!request.caller) throw new AppError(ErrorCode.AUTH_REQUIRED);
    const role = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_ROLE, targets);
    if (role && request.caller.role !== role) throw new AppError(ErrorCode.AUTH_FORBIDDEN);
    return true;
  }
}

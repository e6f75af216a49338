import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { authEndpoints } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import { runStrategies } from '../../../core/auth/run-strategies.js';
import type { UserRecord } from '../../users/users.service.js';
import { LocalStrategy } from './local.strategy.js';

export type RequestWithLogin = Request & { loginUser?: UserRecord };

/**
 * Runs the local strategy on the login route. Guards run before the contract's validation, so a
 * body the contract rejects is let through untouched: the validation answers with its field errors.
 */
@Injectable()
export class LocalLoginGuard implements CanActivate {
  constructor(private readonly local: LocalStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<RequestWithLogin>();
    const parsed = authEndpoints.login.body.safeParse(request.body ?? {});
    if (!parsed.success) return true;
    request.body = parsed.data;
    const { user } = await runStrategies<UserRecord>(this.local, request, http.getResponse<Response>());
    request.loginUser = user ?? undefined;
    return true;
  }
}

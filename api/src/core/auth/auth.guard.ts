import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@loopwright/contracts';
import type { Response } from 'express';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../errors/app-error.js';
import { apiKeyLimit, setRateLimitHeaders } from '../rate-limit/api-key-limit.js';
import { RateLimiter } from '../rate-limit/rate-limiter.service.js';
import { APP_CONFIG } from '../tokens.js';
import type { Caller, RequestWithCaller } from './caller.js';
import { CallerStrategies } from './caller-strategies.js';
import { IS_PUBLIC } from './public.decorator.js';
import { REQUIRED_ROLE } from './roles.decorator.js';
import { runStrategies } from './run-strategies.js';

/**
 * Denies by default. The caller strategies (session cookie, API key) run on every request, since
 * public routes may still want the caller; a route is reachable when marked @Public() or the
 * caller is authenticated (and has the role).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategies: CallerStrategies,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<RequestWithCaller>();
    const response = http.getResponse<Response>();
    const { user } = await runStrategies<Caller>(this.strategies.all, request, response);
    request.caller = user ?? undefined;
    // Every call with an API key counts against its per-minute allowance; the answer says what is left.
    if (request.caller?.via === 'api-key') {
      const limit = apiKeyLimit(request.caller.userId, this.config.API_KEY_RATE_LIMIT);
      try {
        setRateLimitHeaders(response, await this.limiter.take(limit));
      } catch (error) {
        setRateLimitHeaders(response, await this.limiter.allowance(limit));
        throw error;
      }
    }
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (!request.caller) throw new AppError(ErrorCode.AUTH_REQUIRED);
    const role = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_ROLE, targets);
    if (role && request.caller.role !== role) throw new AppError(ErrorCode.AUTH_FORBIDDEN);
    return true;
  }
}

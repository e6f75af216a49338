import { Controller, Inject } from '@nestjs/common';
import { userEndpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint } from '../../core/http/endpoint.decorator.js';
import type { AppConfig } from '../../config/config.js';
import { apiKeyLimit } from '../../core/rate-limit/api-key-limit.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { ApiKeysService } from './api-keys.service.js';

@Controller()
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(userEndpoints.getApiKey)
  async current(@CurrentCaller() caller: Caller) {
    const [key, usage] = await Promise.all([
      this.keys.current(caller.userId),
      this.limiter.allowance(apiKeyLimit(caller.userId, this.config.API_KEY_RATE_LIMIT)),
    ]);
    const { limit, windowSeconds, remaining, resetSeconds } = usage;
    return { success: true, content: { key, usage: { limit, windowSeconds, remaining, resetSeconds } } };
  }

  @Endpoint(userEndpoints.createApiKey)
  async regenerate(@CurrentCaller() caller: Caller) {
    return { success: true, content: await this.keys.regenerate(caller.userId) };
  }

  @Endpoint(userEndpoints.revokeApiKey)
  async revoke(@CurrentCaller() caller: Caller) {
    await this.keys.revoke(caller.userId);
    return { success: true, content: { message: 'Your API key was revoked' } };
  }
}

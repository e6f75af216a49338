import { Controller } from '@nestjs/common';
import { userEndpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint } from '../../core/http/endpoint.decorator.js';
import { ApiKeysService } from './api-keys.service.js';

@Controller()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Endpoint(userEndpoints.getApiKey)
  async current(@CurrentCaller() caller: Caller) {
    return { success: true, content: { key: await this.keys.current(caller.userId) } };
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

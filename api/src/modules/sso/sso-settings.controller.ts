import { Body, Controller } from '@nestjs/common';
import { ssoEndpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { SsoSettingsService } from './sso-settings.service.js';

/** Admin → Single sign-on. */
@Controller()
export class SsoSettingsController {
  constructor(private readonly settings: SsoSettingsService) {}

  @Endpoint(ssoEndpoints.getSsoSettings)
  @RequireRole('admin')
  async get() {
    return { success: true as const, content: await this.settings.view() };
  }

  @Endpoint(ssoEndpoints.saveSsoSettings)
  @RequireRole('admin')
  async save(@CurrentCaller() caller: Caller, @Body() body: Input<(typeof ssoEndpoints)['saveSsoSettings']['body']>) {
    return { success: true as const, content: await this.settings.save(body, caller.userId) };
  }

  @Endpoint(ssoEndpoints.deleteSsoSettings)
  @RequireRole('admin')
  async remove(@CurrentCaller() caller: Caller) {
    return { success: true as const, content: await this.settings.remove(caller.userId) };
  }
}

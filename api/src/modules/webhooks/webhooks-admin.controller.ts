import { Controller, Param, Query } from '@nestjs/common';
import { webhookEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { WebhooksAdminService } from './webhooks-admin.service.js';

@Controller()
export class WebhooksAdminController {
  constructor(private readonly webhooks: WebhooksAdminService) {}

  @Endpoint(endpoints.adminDisabled)
  @RequireRole('admin')
  async disabled(@Query() query: EndpointInput<typeof endpoints.adminDisabled.query>) {
    return { success: true, content: await this.webhooks.disabled(query.page) };
  }

  @Endpoint(endpoints.adminEnable)
  @RequireRole('admin')
  async enable(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<typeof endpoints.adminEnable.params>) {
    return { success: true, content: await this.webhooks.enable(caller.userId, params.id) };
  }
}

import { Body, Controller, Param } from '@nestjs/common';
import { webhookEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { WebhooksService } from './webhooks.service.js';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller) {
    return { success: true, content: await this.webhooks.list(caller) };
  }

  @Endpoint(endpoints.create)
  async create(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.create.body>) {
    return { success: true, content: await this.webhooks.create(caller, body) };
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<typeof endpoints.update.params>,
    @Body() body: EndpointInput<typeof endpoints.update.body>,
  ) {
    return { success: true, content: { webhook: await this.webhooks.update(params.id, caller, body) } };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<typeof endpoints.delete.params>) {
    await this.webhooks.delete(params.id, caller);
    return { success: true, content: { message: 'The webhook was deleted' } };
  }

  @Endpoint(endpoints.test)
  async test(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<typeof endpoints.test.params>) {
    return { success: true, content: { delivery: await this.webhooks.sendTest(params.id, caller) } };
  }
}

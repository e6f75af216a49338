import { Body, Controller, Query } from '@nestjs/common';
import { notificationEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller, @Query() query: EndpointInput<typeof endpoints.list.query>) {
    return {
      success: true,
      content: await this.notifications.list(caller.userId, {
        unviewed: query.unviewed === 'true',
        type: query.type,
        limit: query.limit,
        page: query.page,
      }),
    };
  }

  @Endpoint(endpoints.add)
  async add(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.add.body>) {
    return {
      success: true,
      content: {
        notification: await this.notifications.add(caller.userId, body.type, body.message, body.link, body.title),
      },
    };
  }

  @Endpoint(endpoints.markViewed)
  async markViewed(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.markViewed.body>) {
    return { success: true, content: { updated: await this.notifications.markViewed(caller.userId, body.ids) } };
  }
}

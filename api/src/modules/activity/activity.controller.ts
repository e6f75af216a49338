import { Body, Controller, Query } from '@nestjs/common';
import { communityEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { ActivityService } from './activity.service.js';

type E = typeof endpoints;

/** The spec's Recent Activity calls (app.md §7): the caller's feed and marking items viewed. */
@Controller()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Endpoint(endpoints.activityFeed)
  async feed(@CurrentCaller() caller: Caller, @Query() query: Input<E['activityFeed']['query']>) {
    return { success: true as const, content: await this.activity.feed(caller.userId, query) };
  }

  @Endpoint(endpoints.markActivity)
  async mark(@CurrentCaller() caller: Caller, @Body() body: Input<E['markActivity']['body']>) {
    return { success: true as const, content: { marked: await this.activity.markViewed(caller.userId, body) } };
  }
}

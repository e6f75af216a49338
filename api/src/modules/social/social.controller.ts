import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { socialEndpoints as endpoints } from '@loopwright/contracts';
import type { Request } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { HireService } from './hire.service.js';
import { SocialService } from './social.service.js';

@Controller()
export class SocialController {
  constructor(
    private readonly social: SocialService,
    private readonly hires: HireService,
  ) {}

  @Endpoint(endpoints.like)
  async like(@CurrentCaller() caller: Caller, @Param() params: Input<typeof endpoints.like.params>) {
    return { success: true, content: await this.social.like(params.fuid, caller) };
  }

  @Endpoint(endpoints.unlike)
  async unlike(@CurrentCaller() caller: Caller, @Param() params: Input<typeof endpoints.unlike.params>) {
    return { success: true, content: await this.social.unlike(params.fuid, caller) };
  }

  @Endpoint(endpoints.follow)
  async follow(@CurrentCaller() caller: Caller, @Param() params: Input<typeof endpoints.follow.params>) {
    return { success: true, content: await this.social.follow(params.username, caller) };
  }

  @Endpoint(endpoints.unfollow)
  async unfollow(@CurrentCaller() caller: Caller, @Param() params: Input<typeof endpoints.unfollow.params>) {
    return { success: true, content: await this.social.unfollow(params.username, caller) };
  }

  @Endpoint(endpoints.connections)
  async connections(@Query() query: Input<typeof endpoints.connections.query>) {
    return { success: true, content: await this.social.connections(query.username) };
  }

  @Endpoint(endpoints.state)
  async state(@CurrentCaller() caller: Caller | undefined, @Query() query: Input<typeof endpoints.state.query>) {
    return { success: true, content: await this.social.state(caller, query) };
  }

  @Endpoint(endpoints.hire)
  async hire(@Body() body: Input<typeof endpoints.hire.body>, @Req() request: Request) {
    return { success: true, content: { message: await this.hires.hire(body, request.ip ?? 'unknown') } };
  }

  @Endpoint(endpoints.availableForHire)
  async availableForHire(@CurrentCaller() caller: Caller, @Body() body: Input<typeof endpoints.availableForHire.body>) {
    return { success: true, content: await this.social.setAvailableForHire(caller, body.availableForHire) };
  }
}

import { Body, Controller, Param, Query } from '@nestjs/common';
import { playEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { PlaysService } from './plays.service.js';

type FuidParams = EndpointInput<typeof endpoints.list.params>;
type PlayParams = EndpointInput<typeof endpoints.get.params>;

@Controller()
export class PlaysController {
  constructor(private readonly plays: PlaysService) {}

  @Endpoint(endpoints.list)
  async list(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Query() query: EndpointInput<typeof endpoints.list.query>,
  ) {
    return { success: true, content: await this.plays.list(params.fuid, caller, query) };
  }

  @Endpoint(endpoints.create)
  async create(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.create.body>,
  ) {
    return { success: true, content: { play: await this.plays.create(params.fuid, caller, body) } };
  }

  @Endpoint(endpoints.get)
  async get(@CurrentCaller() caller: Caller, @Param() params: PlayParams) {
    return { success: true, content: { play: await this.plays.get(params.fuid, caller, params.playId) } };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Param() params: PlayParams) {
    await this.plays.delete(params.fuid, caller, params.playId);
    return { success: true, content: { message: 'The play was deleted' } };
  }

  @Endpoint(endpoints.cancel)
  async cancel(@CurrentCaller() caller: Caller, @Param() params: PlayParams) {
    return { success: true, content: { play: await this.plays.cancel(params.fuid, caller, params.playId) } };
  }

  @Endpoint(endpoints.study)
  async study(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.study.body>,
  ) {
    return { success: true, content: await this.plays.submitStudy(params.fuid, caller, body) };
  }

  @Endpoint(endpoints.batch)
  async batch(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.batch.body>,
  ) {
    return { success: true, content: { play: await this.plays.submitBatch(params.fuid, caller, body) } };
  }
}

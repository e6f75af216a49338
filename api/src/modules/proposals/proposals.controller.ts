import { Body, Controller, Param } from '@nestjs/common';
import { proposalEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { ProposalsService } from './proposals.service.js';

type E = typeof endpoints;

@Controller()
export class ProposalsController {
  constructor(private readonly proposals: ProposalsService) {}

  @Endpoint(endpoints.propose)
  async propose(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<E['propose']['params']>,
    @Body() body: EndpointInput<E['propose']['body']>,
  ) {
    return { success: true, content: { proposal: await this.proposals.propose(params.fuid, caller, body.message) } };
  }

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<E['list']['params']>) {
    return { success: true, content: await this.proposals.list(params.fuid, caller) };
  }

  @Endpoint(endpoints.get)
  async get(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<E['get']['params']>) {
    return { success: true, content: { proposal: await this.proposals.get(params.id, caller) } };
  }

  @Endpoint(endpoints.accept)
  async accept(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<E['accept']['params']>,
    @Body() body: EndpointInput<E['accept']['body']>,
  ) {
    return { success: true, content: await this.proposals.accept(params.id, caller, body) };
  }

  @Endpoint(endpoints.decline)
  async decline(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<E['decline']['params']>) {
    return { success: true, content: { proposal: await this.proposals.decline(params.id, caller) } };
  }
}

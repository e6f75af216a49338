import { Body, Controller, Param } from '@nestjs/common';
import { balanceTestEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { BalanceTestsService } from './balance-tests.service.js';

type IdParams = EndpointInput<typeof endpoints.run.params>;
type FuidParams = EndpointInput<typeof endpoints.list.params>;

@Controller()
export class BalanceTestsController {
  constructor(private readonly tests: BalanceTestsService) {}

  @Endpoint(endpoints.listAll)
  async listAll(@CurrentCaller() caller: Caller) {
    return { success: true, content: { items: await this.tests.listMine(caller) } };
  }

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller, @Param() params: FuidParams) {
    return { success: true, content: { items: await this.tests.list(params.fuid, caller) } };
  }

  @Endpoint(endpoints.create)
  async create(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.create.body>,
  ) {
    return { success: true, content: { test: await this.tests.create(params.fuid, caller, body) } };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Param() params: IdParams) {
    await this.tests.delete(params.id, caller);
    return { success: true, content: { message: 'The balance test was deleted' } };
  }

  @Endpoint(endpoints.run)
  async run(
    @CurrentCaller() caller: Caller,
    @Param() params: IdParams,
    @Body() body: EndpointInput<typeof endpoints.run.body>,
  ) {
    return { success: true, content: await this.tests.run(params.id, caller, body.origin) };
  }
}

import { Body, Controller, Query } from '@nestjs/common';
import { tourEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { ToursService } from './tours.service.js';

@Controller()
export class ToursController {
  constructor(private readonly tours: ToursService) {}

  @Endpoint(endpoints.get)
  async get(@CurrentCaller() caller: Caller | undefined, @Query() query: EndpointInput<typeof endpoints.get.query>) {
    return { success: true, content: { tour: await this.tours.get(query, caller) } };
  }

  @Endpoint(endpoints.save)
  async save(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.save.body>) {
    return { success: true, content: { tour: await this.tours.save(body.diagramId, body.steps, caller) } };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Query() query: EndpointInput<typeof endpoints.delete.query>) {
    await this.tours.delete(query.id, caller);
    return { success: true, content: { message: 'The tour was deleted' } };
  }
}

import { Body, Controller, Param } from '@nestjs/common';
import { tagEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { TagsService } from './tags.service.js';

type IdParams = EndpointInput<typeof endpoints.update.params>;

@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller) {
    return { success: true, content: { tags: await this.tags.list(caller) } };
  }

  @Endpoint(endpoints.create)
  async create(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.create.body>) {
    return { success: true, content: { tag: await this.tags.create(caller, body) } };
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param() params: IdParams,
    @Body() body: EndpointInput<typeof endpoints.update.body>,
  ) {
    return { success: true, content: { tag: await this.tags.update(caller, params.id, body) } };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Param() params: IdParams) {
    await this.tags.delete(caller, params.id);
    return { success: true, content: { message: 'The tag was deleted' } };
  }

  @Endpoint(endpoints.setOnDiagram)
  async setOnDiagram(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<typeof endpoints.setOnDiagram.params>,
    @Body() body: EndpointInput<typeof endpoints.setOnDiagram.body>,
  ) {
    return { success: true, content: { tags: await this.tags.setOnDiagram(params.fuid, caller, body.tagIds) } };
  }
}

import { Controller, Param, Query } from '@nestjs/common';
import { compareEndpoints, diagramVersionEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { DiagramCompareService } from './diagram-compare.service.js';
import { DiagramSaveService } from './diagram-save.service.js';

@Controller()
export class DiagramVersionsController {
  constructor(
    private readonly saves: DiagramSaveService,
    private readonly compares: DiagramCompareService,
  ) {}

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<typeof endpoints.list.params>) {
    return { success: true, content: await this.saves.listRevisions(params.fuid, caller) };
  }

  @Endpoint(endpoints.get)
  async get(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<typeof endpoints.get.params>) {
    return { success: true, content: { version: await this.saves.getRevision(params.fuid, caller, params.versionId) } };
  }

  @Endpoint(endpoints.restore)
  async restore(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<typeof endpoints.restore.params>) {
    return { success: true, content: await this.saves.restore(params.fuid, caller, params.versionId) };
  }

  @Endpoint(compareEndpoints.compare)
  async compare(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<typeof compareEndpoints.compare.params>,
    @Query() query: EndpointInput<typeof compareEndpoints.compare.query>,
  ) {
    return { success: true, content: await this.compares.compare(params.fuid, caller, query.from, query.to) };
  }
}

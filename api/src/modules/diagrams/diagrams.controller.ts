import { Body, Controller, Param, Query } from '@nestjs/common';
import { diagramEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { DiagramFilesService } from './diagram-files.service.js';
import { DiagramSaveService } from './diagram-save.service.js';
import { DiagramsService } from './diagrams.service.js';
import { TrashService } from './trash.service.js';

type FuidParams = EndpointInput<typeof endpoints.get.params>;

@Controller()
export class DiagramsController {
  constructor(
    private readonly diagrams: DiagramsService,
    private readonly saves: DiagramSaveService,
    private readonly files: DiagramFilesService,
    private readonly trash: TrashService,
  ) {}

  @Endpoint(endpoints.create)
  async create(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.create.body>) {
    return { success: true, content: { diagram: await this.diagrams.create(caller, body) } };
  }

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller, @Query() query: EndpointInput<typeof endpoints.list.query>) {
    return {
      success: true,
      content: { ...(await this.diagrams.list(caller, query)), trashRetentionDays: this.trash.retentionDays },
    };
  }

  @Endpoint(endpoints.import)
  async import(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.import.body>) {
    return { success: true, content: await this.files.import(caller, body.text, body.name) };
  }

  @Endpoint(endpoints.get)
  async get(@CurrentCaller() caller: Caller | undefined, @Param() params: FuidParams) {
    return { success: true, content: { diagram: await this.diagrams.get(params.fuid, caller) } };
  }

  @Endpoint(endpoints.save)
  async save(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.save.body>,
  ) {
    return {
      success: true,
      content: await this.saves.save(params.fuid, caller, body.baseVersion, body.document, body.message),
    };
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.update.body>,
  ) {
    return { success: true, content: { diagram: await this.diagrams.update(params.fuid, caller, body) } };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Param() params: FuidParams) {
    await this.diagrams.delete(params.fuid, caller);
    return { success: true, content: { message: 'The diagram was deleted' } };
  }

  @Endpoint(endpoints.restore)
  async restore(@CurrentCaller() caller: Caller, @Param() params: FuidParams) {
    return { success: true, content: { diagram: await this.diagrams.restore(params.fuid, caller) } };
  }

  @Endpoint(endpoints.deleteForever)
  async deleteForever(@CurrentCaller() caller: Caller, @Param() params: FuidParams) {
    await this.trash.deleteForever(params.fuid, caller);
    return { success: true, content: { message: 'The diagram was deleted forever' } };
  }

  @Endpoint(endpoints.emptyTrash)
  async emptyTrash(@CurrentCaller() caller: Caller) {
    return { success: true, content: { deleted: await this.trash.empty(caller) } };
  }

  @Endpoint(endpoints.copy)
  async copy(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.copy.body>,
  ) {
    return { success: true, content: { diagram: await this.diagrams.copy(params.fuid, caller, body.name) } };
  }

  @Endpoint(endpoints.details)
  async details(@CurrentCaller() caller: Caller | undefined, @Param() params: FuidParams) {
    return { success: true, content: await this.diagrams.details(params.fuid, caller) };
  }

  @Endpoint(endpoints.exportJson)
  async exportJson(@CurrentCaller() caller: Caller | undefined, @Param() params: FuidParams) {
    return this.files.exportJson(params.fuid, caller);
  }
}

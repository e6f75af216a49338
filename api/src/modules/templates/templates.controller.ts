import { Body, Controller, Param, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { templateEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { TemplatesService } from './templates.service.js';

type TemplateParams = EndpointInput<typeof endpoints.get.params>;
type FuidParams = EndpointInput<typeof endpoints.publish.params>;

@Controller()
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Endpoint(endpoints.list)
  async list(@Query() query: EndpointInput<typeof endpoints.list.query>) {
    return { success: true, content: await this.templates.list(query) };
  }

  @Endpoint(endpoints.get)
  async get(@Param() params: TemplateParams) {
    return { success: true, content: { template: await this.templates.get(params.type, params.id) } };
  }

  @Endpoint(endpoints.thumbnail)
  async thumbnail(@Param() params: TemplateParams, @Res({ passthrough: true }) response: Response) {
    const png = await this.templates.thumbnail(params.type, params.id);
    response.setHeader('Cache-Control', 'public, max-age=300');
    return new StreamableFile(png, { type: 'image/png', length: png.length });
  }

  @Endpoint(endpoints.use)
  async use(
    @CurrentCaller() caller: Caller,
    @Param() params: TemplateParams,
    @Body() body: EndpointInput<typeof endpoints.use.body>,
  ) {
    return { success: true, content: { diagram: await this.templates.use(caller, params.type, params.id, body.name) } };
  }

  @RequireRole('admin')
  @Endpoint(endpoints.publish)
  async publish(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.publish.body>,
  ) {
    return { success: true, content: { template: await this.templates.publish(caller, params.fuid, body) } };
  }

  @RequireRole('admin')
  @Endpoint(endpoints.unpublish)
  async unpublish(@CurrentCaller() caller: Caller, @Param() params: FuidParams) {
    await this.templates.unpublish(caller, params.fuid);
    return { success: true, content: { message: 'The template was withdrawn' } };
  }
}

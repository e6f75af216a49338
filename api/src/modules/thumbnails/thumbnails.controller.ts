import { Controller, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { diagramEndpoints as endpoints } from '@loopwright/contracts';
import type { Response } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { ThumbnailsService, type Picture } from './thumbnails.service.js';

type FuidParams = EndpointInput<typeof endpoints.exportSvg.params>;

const fileName = (name: string) => (name.replace(/[^\w .-]+/g, '').trim() || 'diagram').slice(0, 80);

function send(response: Response, picture: Picture, type: string, extension: string): StreamableFile {
  response.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(picture.body, {
    type,
    disposition: `attachment; filename="${fileName(picture.name)}.${extension}"`,
    length: picture.body.length,
  });
}

/** Export the picture of a diagram (view access). Share thumbnails are served outside /api (thumbnail-routes.ts). */
@Controller()
export class ThumbnailsController {
  constructor(private readonly pictures: ThumbnailsService) {}

  @Endpoint(endpoints.exportSvg)
  async svg(
    @CurrentCaller() caller: Caller | undefined,
    @Param() params: FuidParams,
    @Res({ passthrough: true }) response: Response,
  ) {
    return send(response, await this.pictures.svg(params.fuid, caller), 'image/svg+xml', 'svg');
  }

  @Endpoint(endpoints.exportPng)
  async png(
    @CurrentCaller() caller: Caller | undefined,
    @Param() params: FuidParams,
    @Query() query: EndpointInput<typeof endpoints.exportPng.query>,
    @Res({ passthrough: true }) response: Response,
  ) {
    return send(response, await this.pictures.png(params.fuid, caller, query.scale), 'image/png', 'png');
  }
}

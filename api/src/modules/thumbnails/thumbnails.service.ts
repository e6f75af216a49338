import { Injectable } from '@nestjs/common';
import { THUMBNAIL_SIZES, type ThumbnailSize } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import { Resvg } from '@resvg/resvg-js';
import type { Caller } from '../../core/auth/caller.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { renderDiagramSvg } from './diagram-svg.js';
import { ThumbnailsRepository } from './thumbnails.repository.js';

export interface Picture {
  body: Buffer;
  version: number;
  fuid: string;
  name: string;
  /** Anyone may see it (public on community or by link): shared caches may keep it briefly. */
  open: boolean;
}

function rasterize(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.round(width) },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#FFFFFF',
  });
  return resvg.render().asPng();
}

export const parseThumbnailSize = (size: string | undefined): ThumbnailSize =>
  size && size in THUMBNAIL_SIZES ? (size as ThumbnailSize) : 'small';

/** Pictures of diagrams: SVG and PNG export, and share thumbnails cached per diagram version. Access is checked first, always. */
@Injectable()
export class ThumbnailsService {
  constructor(
    private readonly access: DiagramAccessService,
    private readonly diagrams: DiagramsService,
    private readonly thumbnails: ThumbnailsRepository,
  ) {}

  async thumbnail(fuid: string, size: ThumbnailSize, caller: Caller | undefined): Promise<Picture> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const open = diagram.community || diagram.linkAccess !== 'none';
    const cached = await this.thumbnails.find(diagram.id, size);
    if (cached && cached.version === diagram.version)
      return { body: Buffer.from(cached.png), version: diagram.version, fuid, name: diagram.name, open };
    const frame = THUMBNAIL_SIZES[size];
    const svg = renderDiagramSvg(await this.diagrams.documentOf(diagram.id), { name: diagram.name, frame });
    const png = rasterize(svg, frame.width);
    await this.thumbnails.store(diagram.id, size, diagram.version, png);
    return { body: png, version: diagram.version, fuid, name: diagram.name, open };
  }

  /** A thumbnail of a document that is not a diagram of anyone's (a built-in template): no access to check. */
  documentThumbnail(document: Diagram, name: string, size: ThumbnailSize = 'small'): Buffer {
    const frame = THUMBNAIL_SIZES[size];
    return rasterize(renderDiagramSvg(document, { name, frame }), frame.width);
  }

  async svg(fuid: string, caller: Caller | undefined): Promise<Picture> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const svg = renderDiagramSvg(await this.diagrams.documentOf(diagram.id), { name: diagram.name });
    return { body: Buffer.from(svg), version: diagram.version, fuid, name: diagram.name, open: diagram.community };
  }

  async png(fuid: string, caller: Caller | undefined, scale: number): Promise<Picture> {
    const picture = await this.svg(fuid, caller);
    const width = Number(/width="([\d.]+)"/.exec(picture.body.toString())?.[1] ?? 320);
    return { ...picture, body: rasterize(picture.body.toString(), Math.min(8000, width * scale)) };
  }
}

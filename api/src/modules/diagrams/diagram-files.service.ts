import { Injectable } from '@nestjs/common';
import { DiagramErrorCode, type DiagramFile, type DiagramView } from '@loopwright/contracts';
import { importDiagram, type Diagram } from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from './diagram-access.service.js';
import { checkDocument } from './diagram-document.js';
import { DiagramViewsService } from './diagram-views.service.js';
import { DiagramsRepository } from './diagrams.repository.js';
import { DiagramsService } from './diagrams.service.js';

interface Parsed {
  name?: string;
  description?: string;
  document: unknown;
  format: string;
  warnings: { id: string; message: string }[];
}

/** Our JSON file (lossless both ways) and the two Machinations XML formats through the engine's importers. */
@Injectable()
export class DiagramFilesService {
  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly access: DiagramAccessService,
    private readonly service: DiagramsService,
    private readonly views: DiagramViewsService,
  ) {}

  async exportJson(fuid: string, caller: Caller | undefined): Promise<DiagramFile> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const document = (await this.diagrams.findDocument(diagram.id)) as Diagram;
    return {
      format: 'loopwright',
      formatVersion: 1,
      name: diagram.name,
      description: diagram.description,
      document,
      exportedAt: new Date().toISOString(),
      source: { fuid: diagram.fuid, version: diagram.version },
    };
  }

  async import(
    caller: Caller,
    text: string,
    name?: string,
  ): Promise<{ diagram: DiagramView; format: string; warnings: { id: string; message: string }[] }> {
    const parsed = parse(text);
    const checked = checkDocument(parsed.document, { allowEmpty: true });
    const created = await this.service.insert(
      caller.userId,
      await this.access.personalWorkspaceOf(caller),
      { name: name || parsed.name, description: parsed.description },
      checked,
    );
    return {
      diagram: await this.views.full(created, 'owner', caller.userId, checked.document),
      format: parsed.format,
      warnings: parsed.warnings,
    };
  }
}

function unrecognized(): AppError {
  return new AppError(DiagramErrorCode.DIAGRAM_FORMAT_NOT_RECOGNIZED);
}

function parse(text: string): Parsed {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      throw unrecognized();
    }
    const file = json as Partial<DiagramFile> & Record<string, unknown>;
    if (file.format === 'loopwright') {
      if (!file.document || typeof file.document !== 'object') throw unrecognized();
      return {
        name: typeof file.name === 'string' ? file.name : undefined,
        description: typeof file.description === 'string' ? file.description : undefined,
        document: file.document,
        format: 'loopwright',
        warnings: [],
      };
    }
    if (!('nodes' in file) && !('connections' in file) && !('settings' in file)) throw unrecognized();
    return { document: json, format: 'json', warnings: [] };
  }
  try {
    const result = importDiagram(trimmed);
    return { document: result.diagram, format: result.format, warnings: result.warnings };
  } catch {
    throw unrecognized();
  }
}

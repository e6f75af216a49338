import { Injectable } from '@nestjs/common';
import { CURRENT_VERSION, DiagramErrorCode, type DiagramDiffView } from '@loopwright/contracts';
import { diagramSchema, diffDiagrams, type Diagram } from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from './diagram-access.service.js';
import { DiagramsRepository } from './diagrams.repository.js';

/** Compares two versions of a diagram with the engine's differ; the access is that of version history. */
@Injectable()
export class DiagramCompareService {
  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly access: DiagramAccessService,
  ) {}

  async compare(fuid: string, caller: Caller, from: string, to: string): Promise<DiagramDiffView> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const [before, after] = await Promise.all([this.document(diagram.id, from), this.document(diagram.id, to)]);
    return diffDiagrams(before, after);
  }

  /** A version's document, or the diagram's current one; parsed so defaults written or not compare alike. */
  private async document(diagramId: string, ref: string): Promise<Diagram> {
    const raw =
      ref === CURRENT_VERSION
        ? await this.diagrams.findDocument(diagramId)
        : (await this.diagrams.findRevision(diagramId, ref))?.document;
    if (raw === undefined || raw === null) throw new AppError(DiagramErrorCode.DIAGRAM_VERSION_NOT_FOUND);
    return diagramSchema.parse(raw);
  }
}

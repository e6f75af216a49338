import { Injectable } from '@nestjs/common';
import { ErrorCode, tourStepSchema, type TourStep } from '@loopwright/contracts';
import { z } from 'zod';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { LiveDocuments } from '../diagrams/live-documents.js';
import { ToursRepository } from './tours.repository.js';

const stepsSchema = z.array(tourStepSchema).min(1).max(50);
type Source = { source?: 'templates' | 'diagrams'; id?: string };

/** Tours: ordered steps, each pointing at elements of a diagram (or a template) with a title and a text. */
@Injectable()
export class ToursService {
  constructor(
    private readonly tours: ToursRepository,
    private readonly access: DiagramAccessService,
    private readonly diagrams: DiagramsService,
    private readonly live: LiveDocuments,
  ) {}

  async get(query: Source, caller: Caller | undefined): Promise<{ steps: TourStep[] }> {
    if (query.source === 'templates') {
      if (!query.id) throw new AppError(ErrorCode.TOUR_NO_TEMPLATE_ID);
      const template = await this.tours.templateBySlug(query.id);
      if (!template) throw new AppError(ErrorCode.TOUR_NOT_FOUND);
      if (!template.tour) throw new AppError(ErrorCode.TOUR_NONE);
      return { steps: template.tour.steps as TourStep[] };
    }
    if (!query.id) throw new AppError(ErrorCode.TOUR_NO_DIAGRAM_ID);
    const diagramId = await this.diagramId(query.id, caller, 'viewer');
    // A diagram without a tour is the usual case, not an error: no steps (the editor asks on every open).
    const tour = await this.tours.forDiagram(diagramId);
    return { steps: (tour?.steps ?? []) as TourStep[] };
  }

  /** Replaces the tour. Steps must have the right shape (not valid) and point at elements of the saved diagram (not correct). */
  async save(fuid: string | undefined, steps: unknown, caller: Caller): Promise<{ steps: TourStep[] }> {
    if (!fuid) throw new AppError(ErrorCode.TOUR_NO_DIAGRAM_ID);
    const diagramId = await this.diagramId(fuid, caller, 'editor');
    const parsed = stepsSchema.safeParse(steps);
    if (!parsed.success)
      throw new AppError(ErrorCode.TOUR_NOT_VALID, {
        details: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
      });
    const document = await this.diagrams.documentOf(diagramId);
    const ids = new Set([...(document.nodes ?? []).map((n) => n.id), ...(document.connections ?? []).map((c) => c.id)]);
    const missing = parsed.data.flatMap((s, index) =>
      s.nodes.filter((id) => !ids.has(id)).map((id) => ({ step: index + 1, id })),
    );
    if (missing.length) throw new AppError(ErrorCode.TOUR_NOT_CORRECT, { details: { missing } });
    await this.tours.saveForDiagram(diagramId, parsed.data);
    await this.live.reflect(fuid, () => this.savedTour(diagramId));
    return { steps: parsed.data };
  }

  async delete(fuid: string | undefined, caller: Caller): Promise<void> {
    if (!fuid) throw new AppError(ErrorCode.TOUR_NO_DIAGRAM_ID);
    const diagramId = await this.diagramId(fuid, caller, 'editor');
    if ((await this.tours.deleteForDiagram(diagramId)) === 0) throw new AppError(ErrorCode.TOUR_CANNOT_DELETE);
    await this.live.reflect(fuid, () => this.savedTour(diagramId));
  }

  /** For the templates module: the catalogue's tours, and the tour a copy of a template starts with. */
  setForTemplate(templateId: string, steps: TourStep[] | null): Promise<void> {
    return this.tours.saveForTemplate(templateId, steps);
  }

  async templateTour(templateId: string): Promise<TourStep[] | null> {
    return ((await this.tours.forTemplate(templateId))?.steps as TourStep[] | undefined) ?? null;
  }

  async copyToDiagram(steps: TourStep[], fuid: string, caller: Caller): Promise<void> {
    await this.tours.saveForDiagram(await this.diagramId(fuid, caller, 'editor'), steps);
  }

  /** The diagram's tour as saved now, for the tabs that have it open. */
  private async savedTour(diagramId: string): Promise<{ tour: TourStep[] }> {
    return { tour: ((await this.tours.forDiagram(diagramId))?.steps ?? []) as TourStep[] };
  }

  private async diagramId(fuid: string, caller: Caller | undefined, needed: 'viewer' | 'editor'): Promise<string> {
    const found = await this.access.require(fuid, caller, needed).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.DIAGRAM_NOT_FOUND)
        throw new AppError(ErrorCode.TOUR_NOT_FOUND);
      throw error;
    });
    return found.diagram.id;
  }
}

import { Injectable } from '@nestjs/common';
import type { TourStep } from '@loopwright/contracts';
import { PrismaService } from '../../core/prisma/prisma.service.js';

@Injectable()
export class ToursRepository {
  constructor(private readonly prisma: PrismaService) {}

  forDiagram(diagramId: string) {
    return this.prisma.tour.findUnique({ where: { diagramId }, select: { steps: true } });
  }

  /** The template (by its ID in the address) and its tour, if any. */
  templateBySlug(slug: string) {
    return this.prisma.template.findUnique({
      where: { slug },
      select: { id: true, tour: { select: { steps: true } } },
    });
  }

  forTemplate(templateId: string) {
    return this.prisma.tour.findUnique({ where: { templateId }, select: { steps: true } });
  }

  async saveForDiagram(diagramId: string, steps: TourStep[]): Promise<void> {
    await this.prisma.tour.upsert({ where: { diagramId }, create: { diagramId, steps }, update: { steps } });
  }

  async saveForTemplate(templateId: string, steps: TourStep[] | null): Promise<void> {
    if (!steps?.length) {
      await this.prisma.tour.deleteMany({ where: { templateId } });
      return;
    }
    await this.prisma.tour.upsert({ where: { templateId }, create: { templateId, steps }, update: { steps } });
  }

  /** Deleted rows (0 when the diagram had no tour). */
  async deleteForDiagram(diagramId: string): Promise<number> {
    return (await this.prisma.tour.deleteMany({ where: { diagramId } })).count;
  }
}

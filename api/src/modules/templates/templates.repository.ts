import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

export const templateSelect = {
  id: true,
  slug: true,
  type: true,
  title: true,
  description: true,
  chart: true,
  position: true,
  builtIn: true,
  createdAt: true,
  updatedAt: true,
  diagram: { select: { fuid: true, name: true, owner: { select: { username: true } } } },
  tour: { select: { id: true } },
} as const satisfies Prisma.TemplateSelect;
export type TemplateRow = Prisma.TemplateGetPayload<{ select: typeof templateSelect }>;

export interface TemplateData {
  slug: string;
  type: string;
  title: string;
  description: string;
  document: Prisma.InputJsonValue;
  chart: string[];
  position: number;
}

@Injectable()
export class TemplatesRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(type: string | undefined, sort: 'position' | 'newest', take: number): Promise<TemplateRow[]> {
    return this.prisma.template.findMany({
      where: type ? { type } : {},
      select: templateSelect,
      orderBy:
        sort === 'newest' ? [{ createdAt: 'desc' }, { id: 'desc' }] : [{ position: 'asc' }, { createdAt: 'asc' }],
      take,
    });
  }

  async countsByType(): Promise<Map<string, number>> {
    const rows = await this.prisma.template.groupBy({ by: ['type'], _count: { _all: true } });
    return new Map(rows.map((r) => [r.type, r._count._all]));
  }

  find(type: string, slug: string) {
    return this.prisma.template.findFirst({ where: { type, slug }, select: { ...templateSelect, document: true } });
  }

  findByDiagram(diagramId: string) {
    return this.prisma.template.findUnique({ where: { diagramId }, select: templateSelect });
  }

  builtInSlugs(): Promise<{ id: string; slug: string }[]> {
    return this.prisma.template.findMany({ where: { builtIn: true }, select: { id: true, slug: true } });
  }

  /** Inserts or refreshes a catalogue template (its row id survives reloads). */
  upsertBuiltIn(data: TemplateData): Promise<{ id: string }> {
    return this.prisma.template.upsert({
      where: { slug: data.slug },
      create: { ...data, builtIn: true },
      update: { ...data, builtIn: true },
      select: { id: true },
    });
  }

  async deleteMany(ids: string[]): Promise<void> {
    await this.prisma.template.deleteMany({ where: { id: { in: ids } } });
  }

  upsertPublished(
    diagramId: string,
    publishedById: string,
    data: TemplateData,
    tx?: TransactionClient,
  ): Promise<TemplateRow> {
    return (tx ?? this.prisma).template.upsert({
      where: { diagramId },
      create: { ...data, diagramId, publishedById },
      update: {
        type: data.type,
        title: data.title,
        description: data.description,
        document: data.document,
        chart: data.chart,
        publishedById,
      },
      select: templateSelect,
    });
  }

  async deleteByDiagram(diagramId: string, tx: TransactionClient): Promise<number> {
    return (await tx.template.deleteMany({ where: { diagramId } })).count;
  }

  async nextPosition(): Promise<number> {
    const max = await this.prisma.template.aggregate({ _max: { position: true } });
    return (max._max.position ?? 0) + 1;
  }
}

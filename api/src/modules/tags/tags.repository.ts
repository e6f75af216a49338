import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

const tagSelect = { id: true, name: true, textColor: true, backgroundColor: true, createdAt: true, _count: { select: { diagrams: { where: { diagram: { deletedAt: null } } } } } } as const;

@Injectable()
export class TagsRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(ownerId: string) {
    return this.prisma.tag.findMany({ where: { ownerId }, select: tagSelect, orderBy: { nameKey: 'asc' } });
  }

  count(ownerId: string) {
    return this.prisma.tag.count({ where: { ownerId } });
  }

  find(ownerId: string, id: string) {
    return this.prisma.tag.findFirst({ where: { id, ownerId }, select: tagSelect });
  }

  /** Null when the owner already has a tag of that name (the unique index decides). */
  async create(ownerId: string, data: { name: string; textColor: string; backgroundColor: string }) {
    return uniqueOrNull(() => this.prisma.tag.create({ data: { ownerId, ...data, nameKey: data.name.toLowerCase() }, select: tagSelect }));
  }

  async update(id: string, data: { name?: string; textColor?: string; backgroundColor?: string }) {
    return uniqueOrNull(() => this.prisma.tag.update({ where: { id }, data: { ...data, ...(data.name ? { nameKey: data.name.toLowerCase() } : {}) }, select: tagSelect }));
  }

  async delete(id: string): Promise<void> {
    await this.prisma.tag.delete({ where: { id } });
  }

  async ownedIds(ownerId: string, ids: string[]): Promise<string[]> {
    const rows = await this.prisma.tag.findMany({ where: { ownerId, id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  /** Replaces this owner's tags on the diagram (other people's tags on it stay). */
  async replaceOnDiagram(diagramId: string, ownerId: string, tagIds: string[]) {
    await this.prisma.$transaction([
      this.prisma.diagramTag.deleteMany({ where: { diagramId, tag: { ownerId } } }),
      this.prisma.diagramTag.createMany({ data: tagIds.map((tagId) => ({ diagramId, tagId })), skipDuplicates: true }),
    ]);
    return this.prisma.tag.findMany({ where: { ownerId, diagrams: { some: { diagramId } } }, select: { id: true, name: true, textColor: true, backgroundColor: true }, orderBy: { nameKey: 'asc' } });
  }
}

async function uniqueOrNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') return null;
    throw error;
  }
}

import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

const tagSelect = {
  id: true,
  name: true,
  textColor: true,
  backgroundColor: true,
  createdAt: true,
  _count: { select: { diagrams: { where: { diagram: { deletedAt: null } } } } },
} as const;

@Injectable()
export class TagsRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(workspaceId: string) {
    return this.prisma.tag.findMany({ where: { workspaceId }, select: tagSelect, orderBy: { nameKey: 'asc' } });
  }

  count(workspaceId: string, tx: TransactionClient = this.prisma) {
    return tx.tag.count({ where: { workspaceId } });
  }

  find(workspaceId: string, id: string) {
    return this.prisma.tag.findFirst({ where: { id, workspaceId }, select: tagSelect });
  }

  /**
   * Creates the tag in a transaction that first runs `check` (the limits); null when the workspace
   * already has a tag of that name (the unique index decides).
   */
  async create(
    workspaceId: string,
    creatorId: string,
    data: { name: string; textColor: string; backgroundColor: string },
    check: (tx: TransactionClient) => Promise<void>,
  ) {
    return uniqueOrNull(() =>
      this.prisma.$transaction(async (tx) => {
        await check(tx);
        return tx.tag.create({
          data: { workspaceId, ownerId: creatorId, ...data, nameKey: data.name.toLowerCase() },
          select: tagSelect,
        });
      }),
    );
  }

  async update(id: string, data: { name?: string; textColor?: string; backgroundColor?: string }) {
    return uniqueOrNull(() =>
      this.prisma.tag.update({
        where: { id },
        data: { ...data, ...(data.name ? { nameKey: data.name.toLowerCase() } : {}) },
        select: tagSelect,
      }),
    );
  }

  async delete(id: string): Promise<void> {
    await this.prisma.tag.delete({ where: { id } });
  }

  async ownedIds(workspaceId: string, ids: string[]): Promise<string[]> {
    const rows = await this.prisma.tag.findMany({ where: { workspaceId, id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  /** Tags the user made in other people's (team) workspaces: handed to each workspace's owner. */
  async handOverToWorkspaceOwners(creatorId: string, tx: TransactionClient): Promise<void> {
    const rows = await tx.tag.findMany({
      where: { ownerId: creatorId, workspace: { ownerId: { not: creatorId } } },
      select: { id: true, workspace: { select: { ownerId: true } } },
    });
    for (const row of rows) await tx.tag.update({ where: { id: row.id }, data: { ownerId: row.workspace.ownerId } });
  }

  /** This workspace's tags on the diagram. */
  onDiagram(diagramId: string, workspaceId: string) {
    return this.prisma.tag.findMany({
      where: { workspaceId, diagrams: { some: { diagramId } } },
      select: { id: true, name: true, textColor: true, backgroundColor: true },
      orderBy: { nameKey: 'asc' },
    });
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

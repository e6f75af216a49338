import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

export const librarySelect = {
  id: true,
  workspaceId: true,
  ownerId: true,
  name: true,
  visibility: true,
  position: true,
  content: true,
  componentCount: true,
  createdAt: true,
} as const satisfies Prisma.LibraryItemSelect;
export type LibraryRow = Prisma.LibraryItemGetPayload<{ select: typeof librarySelect }>;

@Injectable()
export class LibraryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Mine (my workspace, any visibility), my team's items (its workspace) and public items. */
  async visibleTo(workspaceId: string, teamWorkspaceId: string | null): Promise<LibraryRow[]> {
    return this.prisma.libraryItem.findMany({
      where: {
        OR: [
          { workspaceId },
          ...(teamWorkspaceId ? [{ workspaceId: teamWorkspaceId, visibility: 'team' as const }] : []),
          { visibility: 'public' },
        ],
      },
      select: librarySelect,
      orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
      take: 1000,
    });
  }

  count(workspaceId: string): Promise<number> {
    return this.prisma.libraryItem.count({ where: { workspaceId } });
  }

  async nextPosition(workspaceId: string): Promise<number> {
    const max = await this.prisma.libraryItem.aggregate({ where: { workspaceId }, _max: { position: true } });
    return (max._max.position ?? -1) + 1;
  }

  create(data: {
    workspaceId: string;
    ownerId: string;
    name: string;
    visibility: 'private' | 'team' | 'public';
    position: number;
    content: Prisma.InputJsonValue;
    componentCount: number;
  }): Promise<LibraryRow> {
    return this.prisma.libraryItem.create({ data, select: librarySelect });
  }

  findIn(id: string, workspaceIds: string[]): Promise<LibraryRow | null> {
    return this.prisma.libraryItem.findFirst({
      where: { id, workspaceId: { in: workspaceIds } },
      select: librarySelect,
    });
  }

  update(
    id: string,
    data: { name?: string; visibility?: 'private' | 'team' | 'public'; position?: number; workspaceId?: string },
  ): Promise<LibraryRow> {
    return this.prisma.libraryItem.update({ where: { id }, data, select: librarySelect });
  }

  async delete(id: string): Promise<void> {
    await this.prisma.libraryItem.delete({ where: { id } });
  }

  /** Positions 0..n-1 in the given order; ids outside the workspace are ignored. */
  async reorder(workspaceId: string, ids: string[]): Promise<void> {
    await this.prisma.$transaction(
      ids.map((id, position) => this.prisma.libraryItem.updateMany({ where: { id, workspaceId }, data: { position } })),
    );
  }

  preferences(userId: string) {
    return this.prisma.userPreference.findUnique({ where: { userId }, select: { settings: true } });
  }

  savePreferences(userId: string, settings: Prisma.InputJsonValue) {
    return this.prisma.userPreference.upsert({
      where: { userId },
      create: { userId, settings },
      update: { settings },
      select: { settings: true },
    });
  }
}

import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { createPersonalWorkspace } from './personal-workspace.js';

/** The only file that touches the workspaces and workspace_members tables. */
@Injectable()
export class WorkspacesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async personalId(userId: string, tx: TransactionClient = this.prisma): Promise<string | null> {
    return (await tx.workspace.findUnique({ where: { personalUserId: userId }, select: { id: true } }))?.id ?? null;
  }

  /** Null when it exists already (the unique personal_user_id decides, also under a race). */
  async createPersonal(userId: string, tx: TransactionClient = this.prisma): Promise<string | null> {
    try {
      return (await createPersonalWorkspace(tx, userId)).id;
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') return null;
      throw error;
    }
  }

  find(id: string) {
    return this.prisma.workspace.findUnique({ where: { id }, select: { id: true, kind: true, ownerId: true } });
  }

  membership(workspaceId: string, userId: string) {
    return this.prisma.workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId, userId } },
      select: { role: true, status: true, rights: true, workspace: { select: { downgradedAt: true } } },
    });
  }

  async teamOf(userId: string) {
    const select = { id: true, name: true, ownerId: true } as const;
    const owned = await this.prisma.workspace.findFirst({
      where: { kind: 'team', ownerId: userId },
      select,
      orderBy: { createdAt: 'asc' },
    });
    if (owned) return owned;
    return this.prisma.workspace.findFirst({
      where: { kind: 'team', downgradedAt: null, members: { some: { userId, status: 'active' } } },
      select,
      orderBy: { createdAt: 'asc' },
    });
  }
}

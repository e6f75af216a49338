import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { TeamRights } from '../../generated/prisma/client.js';
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

  /** A team workspace with its owner as the first (active) member. */
  async createTeam(ownerId: string, name: string, tx: TransactionClient): Promise<string> {
    const team = await tx.workspace.create({
      data: { kind: 'team', name, ownerId, members: { create: { userId: ownerId, role: 'owner', status: 'active' } } },
      select: { id: true },
    });
    return team.id;
  }

  async rename(id: string, name: string): Promise<void> {
    await this.prisma.workspace.update({ where: { id }, data: { name }, select: { id: true } });
  }

  async setMember(
    workspaceId: string,
    userId: string,
    data: { status?: 'active' | 'suspended' | 'removed'; rights?: TeamRights; role?: 'admin' | 'member' },
    tx: TransactionClient = this.prisma,
  ): Promise<void> {
    await tx.workspaceMember.update({
      where: { workspaceId_userId: { workspaceId, userId } },
      data,
      select: { userId: true },
    });
  }

  /** Joins (or, for an earlier row that is not removed, rejoins) the team as an active member. */
  async join(workspaceId: string, userId: string, rights: TeamRights, tx: TransactionClient): Promise<void> {
    await tx.workspaceMember.upsert({
      where: { workspaceId_userId: { workspaceId, userId } },
      create: { workspaceId, userId, role: 'member', status: 'active', rights },
      update: { status: 'active', rights },
      select: { userId: true },
    });
  }

  /** Marks a team downgraded (its plan lapsed: members lose access) or lifts the mark; a no-op when already so. */
  async setDowngraded(workspaceId: string, downgraded: boolean, tx: TransactionClient): Promise<void> {
    await tx.workspace.updateMany({
      where: { id: workspaceId, kind: 'team', downgradedAt: downgraded ? null : { not: null } },
      data: { downgradedAt: downgraded ? new Date() : null },
    });
  }

  /** FOR NO KEY UPDATE: serializes the lockers without blocking rows that merely reference the workspace. */
  async lock(id: string, tx: TransactionClient): Promise<void> {
    await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
  }

  find(id: string, tx: TransactionClient = this.prisma) {
    return tx.workspace.findUnique({ where: { id }, select: { id: true, kind: true, ownerId: true } });
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

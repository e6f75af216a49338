import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { TeamRights } from '../../generated/prisma/client.js';

const person = { select: { id: true, email: true, username: true, firstName: true, lastName: true } } as const;
const teamSelect = { id: true, name: true, ownerId: true, downgradedAt: true, createdAt: true, owner: person } as const;
const invitationSelect = {
  id: true,
  workspaceId: true,
  email: true,
  rights: true,
  status: true,
  sentAt: true,
  invitedById: true,
  workspace: { select: { name: true, ownerId: true, kind: true, downgradedAt: true } },
  invitedBy: person,
} as const;

export type TeamRow = NonNullable<Awaited<ReturnType<TeamsRepository['findTeam']>>>;
export type InvitationRow = NonNullable<Awaited<ReturnType<TeamsRepository['findInvitationById']>>>;

/**
 * The only file of the teams module that touches Prisma: it reads team workspaces and their members
 * (the workspaces module writes them) and keeps the invitations.
 */
@Injectable()
export class TeamsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  findTeam(id: string, tx: TransactionClient = this.prisma) {
    return tx.workspace.findFirst({ where: { id, kind: 'team' }, select: teamSelect });
  }

  ownedTeam(userId: string, tx: TransactionClient = this.prisma) {
    return tx.workspace.findFirst({
      where: { kind: 'team', ownerId: userId },
      select: teamSelect,
      orderBy: { createdAt: 'asc' },
    });
  }

  /** Teams (other than `exceptId`) where the user is an active or suspended member, not the owner. */
  memberships(userId: string, tx: TransactionClient = this.prisma) {
    return tx.workspaceMember.findMany({
      where: { userId, role: { not: 'owner' }, status: { in: ['active', 'suspended'] }, workspace: { kind: 'team' } },
      select: { workspaceId: true, status: true, workspace: { select: teamSelect } },
    });
  }

  members(workspaceId: string, tx: TransactionClient = this.prisma) {
    return tx.workspaceMember.findMany({
      where: { workspaceId },
      select: { userId: true, role: true, status: true, rights: true, createdAt: true, updatedAt: true, user: person },
      // The owner first (enum order: owner, admin, member), then by joining date.
      orderBy: [{ role: 'asc' }, { createdAt: 'asc' }],
    });
  }

  member(workspaceId: string, userId: string, tx: TransactionClient = this.prisma) {
    return tx.workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId, userId } },
      select: { userId: true, role: true, status: true, rights: true },
    });
  }

  /** Seats taken: active members (the owner included) and pending invitations. */
  async seatsUsed(workspaceId: string, tx: TransactionClient = this.prisma): Promise<number> {
    const [members, invited] = await Promise.all([
      tx.workspaceMember.count({ where: { workspaceId, status: 'active' } }),
      tx.teamInvitation.count({ where: { workspaceId, status: 'pending' } }),
    ]);
    return members + invited;
  }

  /** Active, suspended or invited people besides the owner. */
  async othersCount(workspaceId: string, tx: TransactionClient = this.prisma): Promise<number> {
    const [members, invited] = await Promise.all([
      tx.workspaceMember.count({
        where: { workspaceId, role: { not: 'owner' }, status: { in: ['active', 'suspended'] } },
      }),
      tx.teamInvitation.count({ where: { workspaceId, status: 'pending' } }),
    ]);
    return members + invited;
  }

  pendingInvitations(workspaceId: string, tx: TransactionClient = this.prisma) {
    return tx.teamInvitation.findMany({
      where: { workspaceId, status: 'pending' },
      select: invitationSelect,
      orderBy: { createdAt: 'asc' },
    });
  }

  pendingFor(email: string) {
    return this.prisma.teamInvitation.findMany({
      where: { email, status: 'pending', workspace: { downgradedAt: null } },
      select: invitationSelect,
      orderBy: { createdAt: 'desc' },
    });
  }

  findInvitationById(id: string, tx: TransactionClient = this.prisma) {
    return tx.teamInvitation.findUnique({ where: { id }, select: invitationSelect });
  }

  findInvitationByToken(tokenHash: string, tx: TransactionClient = this.prisma) {
    return tx.teamInvitation.findUnique({ where: { tokenHash }, select: invitationSelect });
  }

  pendingInvitation(workspaceId: string, email: string, tx: TransactionClient = this.prisma) {
    return tx.teamInvitation.findFirst({ where: { workspaceId, email, status: 'pending' }, select: { id: true } });
  }

  /** Fails with P2002 when the address has a pending invitation to the team (the partial unique index). */
  createInvitation(
    data: { workspaceId: string; email: string; rights: TeamRights; tokenHash: string; invitedById: string },
    tx: TransactionClient,
  ) {
    return tx.teamInvitation.create({ data, select: { id: true } });
  }

  /** Moves a pending invitation on; false when it was not pending any more (a race lost). */
  async respond(
    id: string,
    status: 'accepted' | 'declined' | 'revoked',
    tx: TransactionClient = this.prisma,
  ): Promise<boolean> {
    const { count } = await tx.teamInvitation.updateMany({
      where: { id, status: 'pending' },
      data: { status, respondedAt: new Date() },
    });
    return count === 1;
  }

  /** A fresh token for a pending invitation (resend). */
  renewToken(id: string, tokenHash: string, tx: TransactionClient) {
    return tx.teamInvitation.update({ where: { id }, data: { tokenHash, sentAt: new Date() }, select: { id: true } });
  }

  /** The team workspaces a subscription change concerns: the workspace itself when it is a team, else the teams its owner owns. */
  async teamsOfWorkspace(
    workspaceId: string,
    tx: TransactionClient,
  ): Promise<{ id: string; downgradedAt: Date | null }[]> {
    const ws = await tx.workspace.findUnique({
      where: { id: workspaceId },
      select: { id: true, kind: true, ownerId: true, downgradedAt: true },
    });
    if (!ws) return [];
    if (ws.kind === 'team') return [ws];
    return tx.workspace.findMany({
      where: { kind: 'team', ownerId: ws.ownerId },
      select: { id: true, downgradedAt: true },
    });
  }

  /** Account deletion: invitations the user sent stay (invited_by becomes null); pending ones to them are declined. */
  declineInvitationsTo(email: string, tx: TransactionClient) {
    return tx.teamInvitation.updateMany({
      where: { email, status: 'pending' },
      data: { status: 'declined', respondedAt: new Date() },
    });
  }
}

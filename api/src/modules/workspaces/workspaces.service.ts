import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import type { TeamRights } from '../../generated/prisma/client.js';
import { WorkspacesRepository } from './workspaces.repository.js';

/** 'viewer': an active team member whose rights the owner set to view only. */
export type WorkspaceRole = 'owner' | 'member' | 'viewer';
export interface WorkspaceFacts {
  id: string;
  kind: 'personal' | 'team';
  ownerId: string;
}

/**
 * Workspaces own diagrams, tags and plays. Every user has a personal one (made with the account);
 * a team is a workspace with members. Who may do what is decided by DiagramAccessService, from the
 * role answered here.
 */
@Injectable()
export class WorkspacesService {
  constructor(private readonly workspaces: WorkspacesRepository) {}

  /** Inside the transaction that creates the account. */
  async createPersonal(userId: string, tx?: TransactionClient): Promise<string> {
    return (await this.workspaces.createPersonal(userId, tx)) ?? (await this.personalId(userId, tx));
  }

  /**
   * The user's personal workspace. Accounts get one when they are created; a user written into the
   * database some other way (an old seed, a script) gets it here on first use instead of failing.
   */
  async personalId(userId: string, tx?: TransactionClient): Promise<string> {
    const found = await this.workspaces.personalId(userId, tx);
    if (found) return found;
    return (await this.workspaces.createPersonal(userId, tx)) ?? (await this.workspaces.personalId(userId, tx))!;
  }

  // ---- teams: the teams module decides, the rows are written here ----

  createTeam(ownerId: string, name: string, tx: TransactionClient): Promise<string> {
    return this.workspaces.createTeam(ownerId, name, tx);
  }

  rename(id: string, name: string): Promise<void> {
    return this.workspaces.rename(id, name);
  }

  setMember(
    workspaceId: string,
    userId: string,
    data: { status?: 'active' | 'suspended' | 'removed'; rights?: TeamRights; role?: 'admin' | 'member' },
    tx?: TransactionClient,
  ): Promise<void> {
    return this.workspaces.setMember(workspaceId, userId, data, tx);
  }

  join(workspaceId: string, userId: string, rights: TeamRights, tx: TransactionClient): Promise<void> {
    return this.workspaces.join(workspaceId, userId, rights, tx);
  }

  setDowngraded(workspaceId: string, downgraded: boolean, tx: TransactionClient): Promise<void> {
    return this.workspaces.setDowngraded(workspaceId, downgraded, tx);
  }

  /**
   * Holds the workspace row until the caller's transaction ends. Every check of a limit counted
   * over the workspace (seats, invitations, components, library items, tags) takes this lock
   * first, then counts and writes in the same transaction: two requests racing for the last free
   * place run one after the other, and the second sees the first one's row. Taking it first, before
   * any other row lock, keeps the order the same everywhere (no deadlocks).
   */
  lock(id: string, tx: TransactionClient): Promise<void> {
    return this.workspaces.lock(id, tx);
  }

  find(id: string, tx?: TransactionClient): Promise<WorkspaceFacts | null> {
    return this.workspaces.find(id, tx);
  }

  /**
   * The user's role in the workspace, or null when they are not an active member. Members of a
   * team whose subscription was cancelled or expired (downgraded) have none; the owner keeps it.
   */
  async roleOf(workspace: WorkspaceFacts, userId: string | undefined): Promise<WorkspaceRole | null> {
    if (!userId) return null;
    if (workspace.ownerId === userId) return 'owner';
    if (workspace.kind === 'personal') return null;
    const member = await this.workspaces.membership(workspace.id, userId);
    if (member?.status !== 'active' || member.workspace.downgradedAt) return null;
    return member.role === 'owner' ? 'owner' : member.rights === 'viewer' ? 'viewer' : 'member';
  }

  /**
   * The team the user works in: the one they own, else the one they are an active member of
   * (a member of a team cannot join another). Members of a downgraded team have none.
   */
  teamOf(userId: string): Promise<{ id: string; name: string; ownerId: string } | null> {
    return this.workspaces.teamOf(userId);
  }
}

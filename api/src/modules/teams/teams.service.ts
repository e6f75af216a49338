import { Injectable } from '@nestjs/common';
import { ErrorCode, TeamTexts, type SeatPreview, type Team, type TeamRights } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { MailService } from '../mail/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { TeamPlanService } from './team-plan.service.js';
import { teamView } from './team-view.js';
import { TeamsRepository, type TeamRow } from './teams.repository.js';

/** The seat limit error with its upgrade prompt (app.md §8: limits reached, each with an upgrade prompt). */
export function seatLimit(used: number, total: number, planName: string, planType: number): AppError {
  return new AppError(ErrorCode.PLAN_LIMIT_REACHED, {
    message: TeamTexts.seatLimit,
    details: {
      limit: 'editors',
      allowed: total,
      requested: used + 1,
      planName,
      planType,
      seats: { used, total },
      hint: TeamTexts.seatLimitHint,
    },
  });
}

/**
 * A team is a workspace (kind team) with an owner, members and invitations, started from a paid
 * plan with seats. Member states (app.md §4): active, suspended, removed, invited. Only active
 * members can be suspended, only suspended ones unsuspended, removal is permanent, and only the owner
 * manages members.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly plan: TeamPlanService,
    private readonly events: DomainEventsService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly workspaces: WorkspacesService,
  ) {}

  /** The team the caller owns, or the one they are an active member of. */
  async mine(caller: Caller): Promise<Team | null> {
    const owned = await this.teams.ownedTeam(caller.userId);
    if (owned) return this.view(owned, caller.userId);
    const member = (await this.teams.memberships(caller.userId)).find((m) => m.status === 'active');
    return member ? this.view(member.workspace, caller.userId) : null;
  }

  async create(caller: Caller, name: string): Promise<Team> {
    await this.assertNotInTeam(caller.userId);
    const paid = await this.plan.paidPlanOf(caller.userId);
    if (!paid) throw new AppError(ErrorCode.TEAM_PLAN_REQUIRED);
    const team = await this.teams.transaction(async (tx) =>
      this.teams.findTeam(await this.workspaces.createTeam(caller.userId, name, tx), tx),
    );
    if (!team) throw new AppError(ErrorCode.TEAM_NOT_FOUND);
    await this.plan.teamCreated(caller.userId, team.id);
    return this.view(team, caller.userId);
  }

  async rename(caller: Caller, teamId: string, name: string): Promise<Team> {
    const team = await this.requireOwner(caller, teamId);
    await this.workspaces.rename(team.id, name);
    return this.view({ ...team, name }, caller.userId);
  }

  async suspend(caller: Caller, teamId: string, userId: string): Promise<Team> {
    const team = await this.requireOwner(caller, teamId);
    const member = await this.requireMember(team, userId);
    if (member.status !== 'active') throw new AppError(ErrorCode.TEAM_MEMBER_NOT_ACTIVE);
    await this.workspaces.setMember(team.id, userId, { status: 'suspended' });
    return this.view(team, caller.userId);
  }

  async unsuspend(caller: Caller, teamId: string, userId: string): Promise<Team> {
    const team = await this.requireOwner(caller, teamId);
    const member = await this.requireMember(team, userId);
    if (member.status !== 'suspended') throw new AppError(ErrorCode.TEAM_MEMBER_NOT_SUSPENDED);
    await this.teams.transaction(async (tx) => {
      await this.requireFreeSeat(team.id, tx);
      // Re-read under the lock: a concurrent unsuspend of the same member must not take two seats.
      if ((await this.teams.member(team.id, userId, tx))?.status !== 'suspended')
        throw new AppError(ErrorCode.TEAM_MEMBER_NOT_SUSPENDED);
      await this.workspaces.setMember(team.id, userId, { status: 'active' }, tx);
    });
    return this.view(team, caller.userId);
  }

  /** Permanent: a removed member cannot be unsuspended or invited back. */
  async remove(caller: Caller, teamId: string, userId: string): Promise<Team> {
    const team = await this.requireOwner(caller, teamId);
    const member = await this.requireMember(team, userId);
    if (member.status === 'removed') return this.view(team, caller.userId);
    // The removed person is told: a notification (MemberRemoved) and an e-mail, sent only if the removal commits.
    const email = await this.users.emailOf(userId);
    const mailId = await this.events.transaction(async (tx, emit) => {
      await this.workspaces.setMember(team.id, userId, { status: 'removed' }, tx);
      await emit({ type: 'MemberRemoved', payload: { workspaceId: team.id, workspaceName: team.name, userId } });
      return email ? this.mail.record('team-removed', email, { team: team.name }, tx) : null;
    });
    if (mailId) await this.mail.dispatch(mailId);
    return this.view(team, caller.userId);
  }

  async setRights(caller: Caller, teamId: string, userId: string, rights: TeamRights): Promise<Team> {
    const team = await this.requireOwner(caller, teamId);
    const member = await this.requireMember(team, userId);
    if (member.status === 'removed') throw new AppError(ErrorCode.TEAM_MEMBER_NOT_FOUND);
    await this.workspaces.setMember(team.id, userId, { rights });
    return this.view(team, caller.userId);
  }

  /** Seats through billing (prorated); never below the seats in use. */
  async changeSeats(caller: Caller, teamId: string, seats: number): Promise<Team> {
    const team = await this.requireOwner(caller, teamId);
    // Counted under the team's lock, in the transaction that records the new number.
    await this.plan.changeSeats(team.id, seats, async (tx) => {
      const used = await this.teams.seatsUsed(team.id, tx);
      if (seats < used)
        throw new AppError(ErrorCode.VALIDATION_FAILED, {
          message: `${used} seats are in use: remove members or revoke invitations first`,
          details: { fields: [{ field: 'seats', message: `At least ${used}` }] },
        });
    });
    return this.view(team, caller.userId);
  }

  /** The price of a change of seats, shown for confirmation before changeSeats. */
  async previewSeats(caller: Caller, teamId: string, seats: number): Promise<SeatPreview> {
    const team = await this.requireOwner(caller, teamId);
    return this.plan.previewSeats(team.id, seats);
  }

  // ── rules shared with invitations and account deletion ──

  /** The team, if the caller owns it; a member is told only the owner may; others learn nothing. */
  async requireOwner(caller: Caller, teamId: string): Promise<TeamRow> {
    const team = await this.teams.findTeam(teamId);
    if (!team) throw new AppError(ErrorCode.TEAM_NOT_FOUND);
    if (team.ownerId === caller.userId) return team;
    const me = await this.teams.member(team.id, caller.userId);
    if (me && me.status === 'active') throw new AppError(ErrorCode.TEAM_OWNER_ONLY);
    throw new AppError(ErrorCode.TEAM_NOT_FOUND);
  }

  /** A member (or owner) of a team cannot start another one. */
  async assertNotInTeam(userId: string, tx?: TransactionClient): Promise<void> {
    if ((await this.teams.memberships(userId, tx)).length) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
    if (await this.teams.ownedTeam(userId, tx)) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
  }

  /**
   * One seat per active or invited member: the next one must fit in the seats bought. Runs in the
   * transaction that takes the seat, after locking the team (WorkspacesService.lock), so of two
   * requests for the last seat the second counts the first one's member or invitation. Every read
   * here goes through `tx`: a transaction that waited for a pool connection while holding the lock
   * would stall the others queued behind it.
   */
  async requireFreeSeat(teamId: string, tx: TransactionClient): Promise<void> {
    await this.workspaces.lock(teamId, tx);
    const seats = await this.plan.seatsOf(teamId, tx);
    if (!seats) throw new AppError(ErrorCode.TEAM_PLAN_REQUIRED);
    const used = await this.teams.seatsUsed(teamId, tx);
    if (seats.total !== null && used + 1 > seats.total) {
      const plan = (await this.plan.source(teamId, tx)).effectivePlan;
      throw seatLimit(used, seats.total, plan.displayName, plan.type);
    }
  }

  async view(team: TeamRow, callerId: string): Promise<Team> {
    const [members, pending, used, seats] = await Promise.all([
      this.teams.members(team.id),
      this.teams.pendingInvitations(team.id),
      this.teams.seatsUsed(team.id),
      this.plan.seatsOf(team.id),
    ]);
    return teamView(team, callerId, members, pending, { used, total: seats ? seats.total : 0 });
  }

  private async requireMember(team: TeamRow, userId: string) {
    if (userId === team.ownerId) throw new AppError(ErrorCode.TEAM_CANNOT_DELETE_OWNER);
    const member = await this.teams.member(team.id, userId);
    if (!member) throw new AppError(ErrorCode.TEAM_MEMBER_NOT_FOUND);
    return member;
  }
}

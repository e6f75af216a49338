import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, type Team, type TeamInvitation, type TeamRights } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { MailService } from '../mail/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { TeamPlanService } from './team-plan.service.js';
import { invitationView, personName } from './team-view.js';
import { TeamsRepository, type InvitationRow } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(24).toString('base64url');

/** Free mail providers: not a work e-mail address (for plans that require one). */
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'yandex.com',
  'zoho.com',
]);
export const isWorkEmail = (email: string) => !FREE_MAIL.has(email.split('@')[1] ?? '');

/**
 * Invitations by e-mail: the message (with the accept link) is written to the mail outbox in the
 * transaction that creates the invitation; existing users also get a notification (MemberInvited).
 * A pending invitation takes a seat and stays open until it is accepted, declined or revoked.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly teamRules: TeamsService,
    private readonly plan: TeamPlanService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly events: DomainEventsService,
    private readonly workspaces: WorkspacesService,
  ) {}

  async invite(caller: Caller, teamId: string, email: string, rights: TeamRights): Promise<Team> {
    const team = await this.teamRules.requireManager(caller, teamId);
    if (team.downgradedAt) throw new AppError(ErrorCode.TEAM_PLAN_REQUIRED);
    if (!isWorkEmail(email) && (await this.plan.requiresWorkEmail(team.id)))
      throw new AppError(ErrorCode.TEAM_WORK_EMAIL_REQUIRED);
    if (email === team.owner.email.toLowerCase()) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
    const existing = await this.users.findByEmail(email);
    if (existing) {
      const member = await this.teams.member(team.id, existing.id);
      if (member?.status === 'removed') throw new AppError(ErrorCode.TEAM_JOIN_FAILED);
      if (member) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
      // A member of another team cannot join this one.
      if ((await this.teams.memberships(existing.id)).length) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
    }
    const token = newToken();
    // The person who sends it: the owner, or the team's admin.
    const person = personName(caller.userId === team.ownerId ? team.owner : await this.users.findById(caller.userId));
    const mailId = await this.events
      .transaction(async (tx, emit) => {
        if (await this.teams.pendingInvitation(team.id, email, tx)) throw new AppError(ErrorCode.TEAM_ALREADY_INVITED);
        // The seat is counted under the team's lock; two invitations of one address racing past the
        // check above meet the partial unique index on pending invitations (createInvitation).
        await this.teamRules.requireFreeSeat(team.id, tx);
        const invitation = await this.teams.createInvitation(
          { workspaceId: team.id, email, rights, tokenHash: hashToken(token), invitedById: caller.userId },
          tx,
        );
        await emit({
          type: 'MemberInvited',
          payload: {
            workspaceId: team.id,
            workspaceName: team.name,
            email,
            invitedById: caller.userId,
            invitationId: invitation.id,
          },
        });
        return this.mail.record('team-invitation', email, { person, team: team.name, token }, tx);
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === 'P2002') throw new AppError(ErrorCode.TEAM_ALREADY_INVITED);
        throw error;
      });
    await this.mail.dispatch(mailId);
    return this.teamRules.view(team, caller.userId);
  }

  /** A fresh link (the old one stops working) in a new e-mail. */
  async resend(caller: Caller, teamId: string, invitationId: string): Promise<Team> {
    const team = await this.teamRules.requireManager(caller, teamId);
    const invitation = await this.teams.findInvitationById(invitationId);
    if (!invitation || invitation.workspaceId !== team.id || invitation.status !== 'pending')
      throw new AppError(ErrorCode.TEAM_INVITATION_INVALID);
    const token = newToken();
    const mailId = await this.teams.transaction(async (tx) => {
      await this.teams.renewToken(invitation.id, hashToken(token), tx);
      return this.mail.record(
        'team-invitation',
        invitation.email,
        { person: personName(team.owner), team: team.name, token },
        tx,
      );
    });
    await this.mail.dispatch(mailId);
    return this.teamRules.view(team, caller.userId);
  }

  async revoke(caller: Caller, teamId: string, invitationId: string): Promise<Team> {
    const team = await this.teamRules.requireManager(caller, teamId);
    const invitation = await this.teams.findInvitationById(invitationId);
    if (!invitation || invitation.workspaceId !== team.id || !(await this.teams.respond(invitation.id, 'revoked')))
      throw new AppError(ErrorCode.TEAM_INVITATION_INVALID);
    return this.teamRules.view(team, caller.userId);
  }

  /** Pending invitations for the caller's e-mail address (the notifications link here). */
  async mine(caller: Caller): Promise<TeamInvitation[]> {
    const email = await this.users.emailOf(caller.userId);
    return email ? (await this.teams.pendingFor(email.toLowerCase())).map(invitationView) : [];
  }

  async get(key: string, caller: Caller | undefined): Promise<TeamInvitation> {
    return invitationView(await this.find(key, caller));
  }

  async accept(key: string, caller: Caller): Promise<TeamInvitation> {
    const invitation = await this.find(key, caller);
    if (invitation.status !== 'pending' || invitation.workspace.downgradedAt)
      throw new AppError(ErrorCode.TEAM_JOIN_FAILED);
    if (invitation.workspace.ownerId === caller.userId) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
    const current = await this.teams.member(invitation.workspaceId, caller.userId);
    if (current?.status === 'removed') throw new AppError(ErrorCode.TEAM_JOIN_FAILED);
    if (current) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
    // An owner with an active subscription must cancel it first; a member of a team cannot join another.
    if (await this.plan.hasActiveSubscription(caller.userId)) throw new AppError(ErrorCode.TEAM_ACTIVE_SUBSCRIPTION);
    if ((await this.teams.memberships(caller.userId)).length) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
    const owned = await this.teams.ownedTeam(caller.userId);
    if (owned && (await this.teams.othersCount(owned.id)) > 0) throw new AppError(ErrorCode.TEAM_ALREADY_IN_TEAM);
    await this.teams.transaction(async (tx) => {
      if (!(await this.teams.respond(invitation.id, 'accepted', tx))) throw new AppError(ErrorCode.TEAM_JOIN_FAILED);
      await this.workspaces.join(invitation.workspaceId, caller.userId, invitation.rights, tx);
    });
    return { ...invitationView(invitation), status: 'accepted' };
  }

  /**
   * Sign-up from the invitation's link: the pending invitation its token names, if it was sent to
   * this address (opening the link proves the address); null otherwise.
   */
  async forSignUp(token: string, email: string, tx?: TransactionClient): Promise<InvitationRow | null> {
    if (UUID.test(token)) return null;
    const invitation = await this.teams.findInvitationByToken(hashToken(token), tx);
    if (!invitation || invitation.status !== 'pending' || invitation.workspace.downgradedAt) return null;
    return invitation.email === email.toLowerCase() ? invitation : null;
  }

  /** The account just created from the invitation's link joins the team, in the transaction that creates it. */
  async joinOnSignUp(invitation: InvitationRow, userId: string, tx: TransactionClient): Promise<void> {
    if (!(await this.teams.respond(invitation.id, 'accepted', tx))) throw new AppError(ErrorCode.TEAM_JOIN_FAILED);
    await this.workspaces.join(invitation.workspaceId, userId, invitation.rights, tx);
  }

  async decline(key: string, caller: Caller): Promise<TeamInvitation> {
    const invitation = await this.find(key, caller);
    if (!(await this.teams.respond(invitation.id, 'declined'))) throw new AppError(ErrorCode.TEAM_INVITATION_INVALID);
    return { ...invitationView(invitation), status: 'declined' };
  }

  /** By the token in the e-mail (anyone holding it), or by id for the invitee signed in with the invited address. */
  private async find(key: string, caller: Caller | undefined): Promise<InvitationRow> {
    let invitation: InvitationRow | null = null;
    if (UUID.test(key)) {
      const found = caller ? await this.teams.findInvitationById(key) : null;
      const email = caller ? await this.users.emailOf(caller.userId) : null;
      if (found && email && found.email === email.toLowerCase()) invitation = found;
    } else {
      invitation = await this.teams.findInvitationByToken(hashToken(key));
    }
    if (!invitation || invitation.status === 'revoked') throw new AppError(ErrorCode.TEAM_INVITATION_INVALID);
    return invitation;
  }
}

import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { TagsService } from '../tags/tags.service.js';
import { UsersService } from '../users/users.service.js';
import { TeamPlanService } from './team-plan.service.js';
import { TeamsRepository } from './teams.repository.js';

/**
 * A user deletes their own account (content/docs/account-deletion.md says what goes and what stays).
 * The owner of a team with members cannot ('Cannot delete the owner'); an active subscription must
 * be cancelled first. Diagrams and tags they made in a team stay in the team, owned by its owner.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly users: UsersService,
    private readonly diagrams: DiagramsService,
    private readonly plan: TeamPlanService,
    private readonly tags: TagsService,
  ) {}

  async delete(caller: Caller, confirmEmail: string): Promise<{ message: string }> {
    const user = await this.users.require(caller.userId);
    if (user.email.toLowerCase() !== confirmEmail) {
      throw AppError.validation(
        { fields: [{ field: 'confirmEmail', message: 'Type the e-mail address of your account to confirm' }] },
        'Type the e-mail address of your account to confirm',
      );
    }
    const owned = await this.teams.ownedTeam(user.id);
    if (owned && (await this.teams.othersCount(owned.id)) > 0) throw new AppError(ErrorCode.TEAM_CANNOT_DELETE_OWNER);
    if (await this.plan.hasActiveSubscription(user.id)) throw new AppError(ErrorCode.TEAM_ACTIVE_SUBSCRIPTION);
    if (user.role === 'admin' && (await this.users.countActiveAdmins()) <= 1)
      throw new AppError(ErrorCode.ADMIN_LAST_ADMIN);
    await this.teams.transaction(async (tx) => {
      await this.diagrams.handOverTeamDiagrams(user.id, tx);
      await this.tags.handOverTeamTags(user.id, tx);
      await this.teams.declineInvitationsTo(user.email.toLowerCase(), tx);
      await this.users.delete(user.id, tx);
    });
    return { message: 'Your account and its data are deleted.' };
  }
}

import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers } from '../events/event-consumers.js';
import { TeamPlanService } from './team-plan.service.js';
import { TeamsRepository } from './teams.repository.js';

const TYPES = ['SubscriptionChanged'] as const;

/**
 * Subscription effects (app.md §4): when the team's subscription is cancelled or expires, members
 * are downgraded to Public and lose the team folder; the diagrams stay in the team workspace, which
 * its owner keeps. Resuming the subscription gives the members their access back. Idempotent.
 */
@Injectable()
export class SubscriptionEventsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly teams: TeamsRepository,
    private readonly plan: TeamPlanService,
  ) {
    consumers.register({ name: 'teams-subscription', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<void> {
    // The plan in force decides (expired and canceled subscriptions are Public, which has no teams).
    for (const team of await this.teams.teamsOfWorkspace(event.payload.workspaceId, tx)) {
      await this.teams.setDowngraded(team.id, !(await this.plan.teamPlanActive(team.id, tx)), tx);
    }
  }
}

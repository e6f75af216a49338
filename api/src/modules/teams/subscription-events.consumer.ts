import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DomainEventsService, type Emit } from '../events/domain-events.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
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
    private readonly events: DomainEventsService,
    private readonly workspaces: WorkspacesService,
  ) {
    consumers.register({ name: 'teams-subscription', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<AfterCommit> {
    const ids: string[] = [];
    const emit: Emit = async (next) => void ids.push(await this.events.record(next, tx));
    for (const team of await this.teams.teamsOfWorkspace(event.payload.workspaceId, tx)) {
      // The owner's plan changed: the team workspace's entitlements follow it (its own change comes back here as a team event).
      if (team.id !== event.payload.workspaceId) await this.plan.mirrorOwnersPlan(team.id, { tx, emit });
      // The plan in force decides (expired and canceled subscriptions are Public, which has no teams).
      await this.workspaces.setDowngraded(team.id, !(await this.plan.teamPlanActive(team.id, tx)), tx);
    }
    return () => this.events.dispatch(...ids);
  }
}

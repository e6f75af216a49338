import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { TagsModule } from '../tags/tags.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { InvitationsService } from './invitations.service.js';
import { SubscriptionEventsConsumer } from './subscription-events.consumer.js';
import { TeamPlanService } from './team-plan.service.js';
import { InvitationsController, TeamDiagramsController, TeamsController } from './teams.controller.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

/** Teams: team workspaces, members and their states, invitations, subscription effects, account deletion. */
@Module({
  imports: [
    BillingModule,
    EventsModule,
    MailModule,
    UsersModule,
    DiagramsModule,
    PlansModule,
    TagsModule,
    WorkspacesModule,
  ],
  controllers: [TeamsController, InvitationsController, TeamDiagramsController],
  providers: [
    TeamsRepository,
    TeamsService,
    InvitationsService,
    TeamPlanService,
    AccountDeletionService,
    SubscriptionEventsConsumer,
  ],
  exports: [TeamsService, InvitationsService],
})
export class TeamsModule {}

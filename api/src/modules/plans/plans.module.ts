import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { InstanceModule } from '../instance/instance.module.js';
import { UserFieldsModule } from '../users/user-fields.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { EntitlementsService } from './entitlements.service.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { PlansRepository } from './plans.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UsageService } from './usage.service.js';

/**
 * Plans core: the catalogue, each workspace's subscription, entitlements (limits) and usage.
 * Imported by every module that enforces a limit (diagrams, tags, plays, library, users) and by
 * billing and teams; it depends only on leaves (workspaces, events, instance settings and the users
 * table's UserFieldsModule), so none of them forms a cycle.
 * The screens' endpoints, jobs, Academia and notices live in PlansFeatureModule.
 */
@Module({
  imports: [WorkspacesModule, EventsModule, InstanceModule, UserFieldsModule, AuditModule],
  providers: [PlansRepository, PlanCatalogueService, SubscriptionsService, EntitlementsService, UsageService],
  exports: [PlanCatalogueService, SubscriptionsService, EntitlementsService, UsageService],
})
export class PlansModule {}

import { AuditModule } from '../audit/audit.module.js';
import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { UserFieldsModule } from '../users/user-fields.module.js';
import { EventsModule } from '../events/events.module.js';
import { SearchModule } from '../search/search.module.js';
import { CommunityEventsConsumer } from './community-events.consumer.js';
import { CommunityViewsService } from './community-views.service.js';
import { CommunityController } from './community.controller.js';
import { CommunityRepository } from './community.repository.js';
import { CommunityService } from './community.service.js';
import { RankingsJobsService } from './rankings-jobs.service.js';
import { SpotlightService } from './spotlight.service.js';

/** Community rankings (views, tabs, sorts, of the month, trending), spotlight, templates list and the spec's /community API. */
@Module({
  imports: [EventsModule, SearchModule, DiagramsModule, UserFieldsModule, AuditModule],
  controllers: [CommunityController],
  providers: [
    CommunityRepository,
    CommunityService,
    CommunityViewsService,
    SpotlightService,
    RankingsJobsService,
    CommunityEventsConsumer,
  ],
  exports: [CommunityService, CommunityViewsService, SpotlightService],
})
export class CommunityModule {}

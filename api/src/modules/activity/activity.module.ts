import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { UsersModule } from '../users/users.module.js';
import { ActivityEventsConsumer } from './activity-events.consumer.js';
import { ActivityController } from './activity.controller.js';
import { ActivityRepository } from './activity.repository.js';
import { ActivityService } from './activity.service.js';

/** Recent Activity: a read model fed by domain events (publish, share, like, fork, create, update, follow, templates, trending). */
@Module({
  imports: [EventsModule, UsersModule],
  controllers: [ActivityController],
  providers: [ActivityRepository, ActivityService, ActivityEventsConsumer],
  exports: [ActivityService],
})
export class ActivityModule {}

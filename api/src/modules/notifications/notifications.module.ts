import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { UsersModule } from '../users/users.module.js';
import { MemberInvitedConsumer } from './member-invited.consumer.js';
import { NotificationEventsConsumer } from './notification-events.consumer.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

@Module({
  imports: [EventsModule, UsersModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService, NotificationEventsConsumer, MemberInvitedConsumer],
  exports: [NotificationsService],
})
export class NotificationsModule {}

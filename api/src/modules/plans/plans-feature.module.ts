import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { AcademiaRepository } from './academia.repository.js';
import { AcademiaService } from './academia.service.js';
import { AdminPlansController } from './admin-plans.controller.js';
import { PlansController } from './plans.controller.js';
import { PlansEventsConsumer } from './plans-events.consumer.js';
import { PlansModule } from './plans.module.js';
import { PlansRepository } from './plans.repository.js';
import { PlansScheduler } from './plans-scheduler.service.js';

/** The plan screens' endpoints, the admin catalogue, Academia, the plan jobs and their notices. */
@Module({
  imports: [PlansModule, WorkspacesModule, EventsModule, NotificationsModule, MailModule],
  controllers: [PlansController, AdminPlansController],
  providers: [PlansRepository, AcademiaRepository, AcademiaService, PlansEventsConsumer, PlansScheduler],
  exports: [AcademiaService],
})
export class PlansFeatureModule {}

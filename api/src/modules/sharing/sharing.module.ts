import { PlansModule } from '../plans/plans.module.js';
import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { SharingController } from './sharing.controller.js';
import { SharesModule } from '../shares/shares.module.js';
import { UsersModule } from '../users/users.module.js';
import { SharingService } from './sharing.service.js';

@Module({
  imports: [DiagramsModule, SharesModule, UsersModule, EventsModule, PlansModule],
  controllers: [SharingController],
  providers: [SharingService],
})
export class SharingModule {}

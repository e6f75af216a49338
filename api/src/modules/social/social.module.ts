import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UserFieldsModule } from '../users/user-fields.module.js';
import { HireService } from './hire.service.js';
import { SocialController } from './social.controller.js';
import { SocialRepository } from './social.repository.js';
import { SocialService } from './social.service.js';

/** Community social actions: likes, follows (with their counters and events) and hiring designers. */
@Module({
  imports: [DiagramsModule, EventsModule, MailModule, UserFieldsModule],
  controllers: [SocialController],
  providers: [SocialRepository, SocialService, HireService],
  exports: [SocialService],
})
export class SocialModule {}

import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { UsersModule } from '../users/users.module.js';
import { MailEventsConsumer } from './mail-events.consumer.js';
import { MailRepository } from './mail.repository.js';
import { MailSender } from './mail-sender.js';
import { MailService } from './mail.service.js';
import { MailSettingsProvider } from './mail-settings.provider.js';

@Module({
  imports: [EventsModule, UsersModule],
  providers: [MailRepository, MailService, MailSender, MailSettingsProvider, MailEventsConsumer],
  exports: [MailService, MailSettingsProvider],
})
export class MailModule {}

import { Module } from '@nestjs/common';
import { MailRepository } from './mail.repository.js';
import { MailSender } from './mail-sender.js';
import { MailService } from './mail.service.js';
import { MailSettingsProvider } from './mail-settings.provider.js';

@Module({
  providers: [MailRepository, MailService, MailSender, MailSettingsProvider],
  exports: [MailService, MailRepository, MailSettingsProvider],
})
export class MailModule {}

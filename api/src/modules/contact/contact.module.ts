import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { ContactController } from './contact.controller.js';
import { ContactRepository } from './contact.repository.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [MailModule, UsersModule],
  controllers: [ContactController],
  providers: [ContactRepository, ContactService],
  exports: [ContactService],
})
export class ContactModule {}

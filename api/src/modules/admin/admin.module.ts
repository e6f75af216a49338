import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { InstanceModule } from '../instance/instance.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminController } from './admin.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';
import { AdminSetupService } from './admin-setup.service.js';
import { MailSettingsService } from './mail-settings.service.js';

@Module({
  imports: [UsersModule, MailModule, InstanceModule, PlansModule, AuditModule, AuthModule],
  controllers: [AdminController, AdminUsersController],
  providers: [AdminSetupService, AdminUsersService, MailSettingsService],
})
export class AdminModule {}

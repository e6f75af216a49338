import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { SsoSettingsController } from './sso-settings.controller.js';
import { SsoSettingsRepository } from './sso-settings.repository.js';
import { SsoSettingsService } from './sso-settings.service.js';

/** The single sign-on settings: a leaf that the login (auth) and the sign-in flow (SsoModule) read. */
@Module({
  imports: [AuditModule],
  controllers: [SsoSettingsController],
  providers: [SsoSettingsRepository, SsoSettingsService],
  exports: [SsoSettingsService],
})
export class SsoSettingsModule {}

import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { SsoController } from './sso.controller.js';
import { SsoSettingsModule } from './sso-settings.module.js';
import { SsoSignInService } from './sso-sign-in.service.js';
import { SsoStrategies } from './sso-strategies.service.js';

/** Signing in through the studio's OpenID Connect provider (sessions come from the global AuthModule). */
@Module({
  imports: [UsersModule, SsoSettingsModule],
  controllers: [SsoController],
  providers: [SsoSignInService, SsoStrategies],
})
export class SsoModule {}

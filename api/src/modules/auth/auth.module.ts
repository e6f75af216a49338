import { Global, Module } from '@nestjs/common';
import { CallerStrategies } from '../../core/auth/caller-strategies.js';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { GoogleController } from './google/google.controller.js';
import { GoogleSignInService } from './google/google-sign-in.service.js';
import { GoogleStrategy } from './google/google.strategy.js';
import { AccountUnlockService } from './account-unlock.service.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { SessionOrApiKeyResolver } from './identity.resolver.js';
import { KnownDevices } from './known-device.js';
import { LoginService } from './login.service.js';
import { PasswordService } from './password.service.js';
import { RegistrationService } from './registration.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { ApiKeyStrategy } from './strategies/api-key.strategy.js';
import { CookieSessionStrategy } from './strategies/cookie-session.strategy.js';
import { LocalStrategy } from './strategies/local.strategy.js';
import { LocalLoginGuard } from './strategies/local-login.guard.js';

@Global()
@Module({
  imports: [UsersModule, ApiKeysModule, MailModule],
  controllers: [AuthController, GoogleController],
  providers: [
    AuthTokensRepository,
    SessionsRepository,
    SessionsService,
    RegistrationService,
    LoginService,
    AccountUnlockService,
    KnownDevices,
    PasswordService,
    GoogleSignInService,
    SessionOrApiKeyResolver,
    { provide: IdentityResolver, useExisting: SessionOrApiKeyResolver },
    CookieSessionStrategy,
    ApiKeyStrategy,
    LocalStrategy,
    LocalLoginGuard,
    GoogleStrategy,
    {
      provide: CallerStrategies,
      inject: [CookieSessionStrategy, ApiKeyStrategy],
      // The cookie strategy first: it enforces X-Client-Id even when an API key comes along.
      useFactory: (cookie: CookieSessionStrategy, apiKey: ApiKeyStrategy): CallerStrategies => ({
        all: [cookie, apiKey],
      }),
    },
  ],
  exports: [IdentityResolver, CallerStrategies, SessionsService, RegistrationService],
})
export class AuthModule {}

import { Global, Module } from '@nestjs/common';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { GoogleController } from './google/google.controller.js';
import { GoogleSignInService } from './google/google-sign-in.service.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { SessionOrApiKeyResolver } from './identity.resolver.js';
import { LoginService } from './login.service.js';
import { PasswordService } from './password.service.js';
import { RegistrationService } from './registration.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

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
    PasswordService,
    GoogleSignInService,
    { provide: IdentityResolver, useClass: SessionOrApiKeyResolver },
  ],
  exports: [IdentityResolver, SessionsService, RegistrationService],
})
export class AuthModule {}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { UserRecord } from '../../users/users.service.js';
import { clientInfo } from '../client-info.js';
import { KnownDevices } from '../known-device.js';
import { LoginService } from '../login.service.js';

/** E-mail and password; every failure (with its exact text, lockout and throttling) comes from LoginService. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly login: LoginService,
    private readonly devices: KnownDevices,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  validate(request: Request, email: string, password: string): Promise<UserRecord> {
    const captchaToken = (request.body as { captchaToken?: string }).captchaToken;
    return this.login.verifyCredentials(email, password, {
      ip: clientInfo(request).ip,
      deviceId: this.devices.recognise(request, email),
      captchaToken,
    });
  }
}

import { Injectable } from '@nestjs/common';
import type { SsoFailureReason } from '@loopwright/contracts';
import { UsersService, type UserRecord } from '../users/users.service.js';
import { domainOf, type SsoSettings } from './sso-settings.service.js';

/** Who the provider says signed in (ID token and userinfo claims). */
export interface SsoProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** A sign-in the rules refuse; the login page shows the reason's text. */
export class SsoRefusal extends Error {
  constructor(readonly reason: SsoFailureReason) {
    super(`single sign-on refused: ${reason}`);
  }
}

/**
 * The account for a provider identity. The identity is the issuer and subject; an account is linked
 * once, by the same verified e-mail, and created on first sign-in only when the admin allows it.
 * The allowed domains apply to every sign-in, linked or not.
 */
@Injectable()
export class SsoSignInService {
  constructor(private readonly users: UsersService) {}

  async userFor(
    profile: SsoProfile,
    settings: Pick<SsoSettings, 'allowedDomains' | 'createAccounts'>,
  ): Promise<UserRecord> {
    const { email } = profile;
    if (email && settings.allowedDomains.length && !settings.allowedDomains.includes(domainOf(email)))
      throw new SsoRefusal('domain');
    const linked = await this.users.findBySso(profile.issuer, profile.subject);
    if (linked) return linked;
    if (!email || !profile.emailVerified) throw new SsoRefusal('unverified');
    const link = { ssoIssuer: profile.issuer, ssoSubject: profile.subject };
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (existing.ssoSubject) throw new SsoRefusal('failed'); // the address belongs to another identity
      return this.users.update(existing.id, { ...link, emailConfirmedAt: existing.emailConfirmedAt ?? new Date() });
    }
    if (!settings.createAccounts) throw new SsoRefusal('no-account');
    return this.users.create({
      email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      emailConfirmedAt: new Date(),
      ...link,
    });
  }
}

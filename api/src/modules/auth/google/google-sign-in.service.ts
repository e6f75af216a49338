import { Injectable } from '@nestjs/common';
import { UsersService, type UserRecord } from '../../users/users.service.js';

export interface GoogleProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** Only same-site paths: never an open redirect. */
export function safeReturnPath(candidate: string | undefined): string {
  return candidate && /^\/(?!\/)[^\s\\]*$/.test(candidate) ? candidate : '/';
}

/** New users choose a username first, then continue where they started. */
export function landingAfterGoogle(user: UserRecord, returnTo: string): string {
  if (user.username || returnTo.startsWith('/onboarding')) return returnTo;
  return returnTo === '/' ? '/onboarding' : `/onboarding?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Sign-in and sign-up with Google: the identity is the issuer and subject, never the e-mail alone. */
@Injectable()
export class GoogleSignInService {
  constructor(private readonly users: UsersService) {}

  async userFor(profile: GoogleProfile): Promise<UserRecord | null> {
    const linked = await this.users.findByGoogle(profile.issuer, profile.subject);
    if (linked) return linked;
    if (!profile.email || !profile.emailVerified) return null;
    const link = { googleIssuer: profile.issuer, googleSubject: profile.subject };
    const existing = await this.users.findByEmail(profile.email);
    if (existing) {
      if (existing.googleSubject) return null; // the address belongs to another Google identity
      return this.users.update(existing.id, { ...link, emailConfirmedAt: existing.emailConfirmedAt ?? new Date() });
    }
    return this.users.create({
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      emailConfirmedAt: new Date(),
      ...link,
    });
  }
}

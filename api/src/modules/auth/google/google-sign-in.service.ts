import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/config.js';
import type { IssuedTokens } from '../../../core/auth/session-cookies.js';
import { deriveKey } from '../../../core/crypto/keys.js';
import { SignedTokens } from '../../../core/crypto/signed-token.js';
import { safeEqual } from '../../../core/crypto/tokens.js';
import { APP_CONFIG, LOGGER } from '../../../core/tokens.js';
import { UsersService, type UserRecord } from '../../users/users.service.js';
import { SessionsService } from '../sessions.service.js';
import { GoogleOAuthClient, type GoogleProfile } from './google-oauth.client.js';

interface FlowState {
  state: string;
  verifier: string;
  returnTo: string;
  exp: number;
}

const FLOW_TTL_SECONDS = 600;

/** Only same-site paths: never an open redirect. */
export function safeReturnPath(candidate: string | undefined): string {
  return candidate && /^\/(?!\/)[^\s\\]*$/.test(candidate) ? candidate : '/';
}

/** New users choose a username first, then continue where they started. */
function onboardingThen(returnTo: string): string {
  if (returnTo.startsWith('/onboarding')) return returnTo;
  return returnTo === '/' ? '/onboarding' : `/onboarding?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Sign-in and sign-up with Google. The flow's state and PKCE verifier travel in a signed,
 * short-lived HttpOnly cookie; the identity is the issuer and subject, never the e-mail alone.
 */
@Injectable()
export class GoogleSignInService {
  readonly client: GoogleOAuthClient;
  private readonly flowTokens: SignedTokens<FlowState>;

  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.client = new GoogleOAuthClient(config);
    this.flowTokens = new SignedTokens(deriveKey(config.APP_SECRET, 'google-oauth-flow'));
  }

  start(returnTo: string | undefined): { redirect: string; flowCookie: string } {
    const request = this.client.authorizationRequest();
    const flowCookie = this.flowTokens.sign({
      state: request.state,
      verifier: request.codeVerifier,
      returnTo: safeReturnPath(returnTo),
      exp: Math.floor(Date.now() / 1000) + FLOW_TTL_SECONDS,
    });
    return { redirect: request.url, flowCookie };
  }

  /** Finishes the flow; null when anything does not check out (the caller shows the failure text). */
  async finish(flowCookie: string | undefined, code: string | undefined, state: string | undefined, context: { ip: string; userAgent?: string }): Promise<{ tokens: IssuedTokens; redirect: string } | null> {
    const flow = flowCookie ? this.flowTokens.verify(flowCookie) : null;
    if (!flow || !code || !state || !safeEqual(flow.state, state)) return null;
    try {
      const profile = await this.client.profile(code, flow.verifier);
      const user = await this.userFor(profile);
      if (!user) return null;
      const tokens = await this.sessions.start(user.id, { ...context, method: 'google' });
      return { tokens, redirect: user.username ? flow.returnTo : onboardingThen(flow.returnTo) };
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'Google sign-in failed');
      return null;
    }
  }

  private async userFor(profile: GoogleProfile): Promise<UserRecord | null> {
    const linked = await this.users.findByGoogle(profile.issuer, profile.subject);
    if (linked) return linked;
    if (!profile.email || !profile.emailVerified) return null;
    const link = { googleIssuer: profile.issuer, googleSubject: profile.subject };
    const existing = await this.users.findByEmail(profile.email);
    if (existing) {
      if (existing.googleSubject) return null; // the address belongs to another Google identity
      return this.users.update(existing.id, { ...link, emailConfirmedAt: existing.emailConfirmedAt ?? new Date() });
    }
    return this.users.create({ email: profile.email, firstName: profile.firstName, lastName: profile.lastName, emailConfirmedAt: new Date(), ...link });
  }
}

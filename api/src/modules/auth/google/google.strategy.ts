import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy, type StateStore } from 'passport-oauth2';
import type { AppConfig } from '../../../config/config.js';
import { deriveKey } from '../../../core/crypto/keys.js';
import { APP_CONFIG } from '../../../core/tokens.js';
import type { UserRecord } from '../../users/users.service.js';
import { GoogleSignInService, type GoogleProfile } from './google-sign-in.service.js';
import { SignedCookieStateStore } from './signed-cookie-state-store.js';

const PROVIDER_TIMEOUT_MS = 10_000;

/** The part of passport-oauth2's (protected) node-oauth client that sends every request. */
interface NodeOAuth2 {
  _executeRequest(library: unknown, options: Record<string, unknown>, body: unknown, callback: unknown): void;
}

/** node-oauth has no timeout: a provider that never answers would hold the callback forever. */
function giveUpAfter(strategy: { _oauth2: NodeOAuth2 }, ms: number): void {
  const client = strategy._oauth2;
  const send = client._executeRequest.bind(client);
  client._executeRequest = (library, options, body, callback) =>
    send(library, { ...options, signal: AbortSignal.timeout(ms) }, body, callback);
}

type UserinfoClaims = {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
};

/**
 * Google (or any provider with the same endpoints, GOOGLE_*_URL) through passport-oauth2: the
 * authorization-code flow with state and PKCE (S256); the identity is read from the userinfo endpoint.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  readonly enabled: boolean;

  constructor(
    private readonly signIn: GoogleSignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super({
      authorizationURL: config.GOOGLE_AUTHORIZE_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      // passport-oauth2 insists on a client id; without one the routes never reach the strategy.
      clientID: config.GOOGLE_CLIENT_ID ?? 'not-configured',
      clientSecret: config.GOOGLE_CLIENT_SECRET ?? '',
      callbackURL: `${config.APP_URL.replace(/\/$/, '')}/api/oauth2/google/callback`,
      scope: ['openid', 'email', 'profile'],
      pkce: true,
      state: true,
      store: new SignedCookieStateStore(
        deriveKey(config.APP_SECRET, 'google-oauth-flow'),
        config.APP_URL.startsWith('https://'),
      ) as unknown as StateStore,
      passReqToCallback: true,
    });
    this.enabled = !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
    giveUpAfter(this as unknown as { _oauth2: NodeOAuth2 }, PROVIDER_TIMEOUT_MS);
  }

  authorizationParams(): object {
    return { prompt: 'select_account' };
  }

  userProfile(accessToken: string, done: (error: unknown, profile?: GoogleProfile) => void): void {
    this.fetchProfile(accessToken).then((profile) => done(null, profile), done);
  }

  /** The account for this identity, or null (unverified e-mail, address taken by another Google identity). */
  validate(
    _request: Request,
    _accessToken: string,
    _refreshToken: string,
    profile: GoogleProfile,
  ): Promise<UserRecord | null> {
    return this.signIn.userFor(profile);
  }

  private async fetchProfile(accessToken: string): Promise<GoogleProfile> {
    const userinfo = await fetch(this.config.GOOGLE_USERINFO_URL, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!userinfo.ok) throw new Error(`userinfo endpoint answered ${userinfo.status}`);
    const claims = (await userinfo.json()) as UserinfoClaims;
    if (!claims.sub) throw new Error('userinfo has no subject');
    return {
      issuer: this.config.GOOGLE_ISSUER,
      subject: claims.sub,
      email: claims.email?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      firstName: claims.given_name ?? null,
      lastName: claims.family_name ?? null,
    };
  }
}

import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import * as oidc from 'openid-client';
import { Strategy, type AuthenticateOptions } from 'openid-client/passport';
import type { UserRecord } from '../users/users.service.js';
import type { SsoSettings } from './sso-settings.service.js';
import { SsoSignInService, type SsoProfile } from './sso-sign-in.service.js';

/** Where the strategy keeps the flow's checks on the request (our signed cookie fills and reads it). */
export const SSO_SESSION_KEY = 'sso';

type Claims = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Single sign-on: openid-client's passport strategy under @nestjs/passport. The authorization code
 * flow with PKCE (S256) and a state, against the configuration found by discovery. One instance per
 * saved settings (SsoStrategies builds it); `validate` maps the identity to an account.
 */
export class SsoStrategy extends PassportStrategy(Strategy, 'sso') {
  constructor(
    private readonly configuration: oidc.Configuration,
    readonly settings: SsoSettings,
    callbackUrl: string,
    private readonly signIn: SsoSignInService,
  ) {
    super({
      config: configuration,
      callbackURL: callbackUrl,
      scope: 'openid email profile',
      sessionKey: SSO_SESSION_KEY,
      passReqToCallback: true,
    });
  }

  /** A state on every request, on top of PKCE (the library sends one only without PKCE support). */
  authorizationRequestParams<T extends AuthenticateOptions>(request: Request, options: T) {
    const params = new URLSearchParams(super.authorizationRequestParams(request, options));
    params.set('state', oidc.randomState());
    return params;
  }

  async validate(
    _request: Request,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<UserRecord> {
    const idToken = (tokens.claims() ?? {}) as Claims;
    const subject = text(idToken.sub);
    if (!subject) throw new Error('the ID token has no subject');
    // Most providers send e-mail and names from the userinfo endpoint only.
    const userinfo: Claims = this.configuration.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(this.configuration, tokens.access_token, subject)
      : {};
    const claims = { ...idToken, ...userinfo };
    const profile: SsoProfile = {
      issuer: this.configuration.serverMetadata().issuer,
      subject,
      email: text(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
    };
    return this.signIn.userFor(profile, this.settings);
  }
}

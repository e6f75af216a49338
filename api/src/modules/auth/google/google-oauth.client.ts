import { createHash } from 'node:crypto';
import type { AppConfig } from '../../../config/config.js';
import { randomToken } from '../../../core/crypto/tokens.js';

export interface GoogleProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
}

/** The OAuth 2 authorization-code flow with PKCE against Google (or any provider with the same endpoints). */
export class GoogleOAuthClient {
  constructor(private readonly config: AppConfig) {}

  get enabled(): boolean {
    return !!(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  get redirectUri(): string {
    return `${this.config.APP_URL.replace(/\/$/, '')}/api/oauth2/google/callback`;
  }

  authorizationRequest(): AuthorizationRequest {
    const state = randomToken(24);
    const codeVerifier = randomToken(48);
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const url = new URL(this.config.GOOGLE_AUTHORIZE_URL);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.GOOGLE_CLIENT_ID!,
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    return { url: url.toString(), state, codeVerifier };
  }

  /** Exchanges the code (with the PKCE verifier) and reads who signed in. */
  async profile(code: string, codeVerifier: string): Promise<GoogleProfile> {
    const tokenResponse = await fetch(this.config.GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: this.redirectUri,
        client_id: this.config.GOOGLE_CLIENT_ID!,
        client_secret: this.config.GOOGLE_CLIENT_SECRET!,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!tokenResponse.ok) throw new Error(`token endpoint answered ${tokenResponse.status}`);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: string };
    if (!accessToken) throw new Error('token endpoint gave no access token');
    const userinfo = await fetch(this.config.GOOGLE_USERINFO_URL, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
    if (!userinfo.ok) throw new Error(`userinfo endpoint answered ${userinfo.status}`);
    const claims = (await userinfo.json()) as { sub?: string; email?: string; email_verified?: boolean | string; given_name?: string; family_name?: string };
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

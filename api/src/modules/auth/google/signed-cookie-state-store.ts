import type { Request } from 'express';
import type { Metadata } from 'passport-oauth2';
import { SignedTokens } from '../../../core/crypto/signed-token.js';
import { readCookie } from '../../../core/auth/session-cookies.js';
import { randomToken, safeEqual } from '../../../core/crypto/tokens.js';

export const FLOW_COOKIE = 'lw_oauth_flow';
export const FLOW_PATH = '/api/oauth2/google';
const FLOW_TTL_SECONDS = 600;

/** What the flow remembers between the redirect to the provider and the callback. */
export interface FlowState {
  returnTo: string;
}

interface FlowCookie extends FlowState {
  handle: string;
  verifier: string;
  exp: number;
}

type StoreCallback = (error: Error | null, handle?: string) => void;
type VerifyCallback = (error: Error | null, verifier: string | false, state?: FlowState | { message: string }) => void;

/**
 * passport-oauth2's state store for state + PKCE without a server-side session: the state handle,
 * the PKCE verifier and where to return travel in a signed, short-lived HttpOnly cookie scoped to
 * the Google routes. passport-oauth2 picks PKCE from the arity of store() (5) and verify() (3).
 */
export class SignedCookieStateStore {
  private readonly tokens: SignedTokens<FlowCookie>;

  constructor(
    key: Buffer,
    private readonly secureCookies: boolean,
  ) {
    this.tokens = new SignedTokens(key);
  }

  store(request: Request, verifier: string, state: FlowState, _meta: Metadata, callback: StoreCallback): void {
    const handle = randomToken(24);
    const cookie = this.tokens.sign({
      handle,
      verifier,
      returnTo: state.returnTo,
      exp: Math.floor(Date.now() / 1000) + FLOW_TTL_SECONDS,
    });
    request.res!.cookie(FLOW_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies,
      path: FLOW_PATH,
      maxAge: FLOW_TTL_SECONDS * 1000,
    });
    callback(null, handle);
  }

  verify(request: Request, providedState: string, callback: VerifyCallback): void {
    const raw = readCookie(request, FLOW_COOKIE);
    const flow = raw ? this.tokens.verify(raw) : null;
    if (!flow || typeof providedState !== 'string' || !safeEqual(flow.handle, providedState)) {
      return callback(null, false, { message: 'Unable to verify authorization request state.' });
    }
    callback(null, flow.verifier, { returnTo: flow.returnTo });
  }
}

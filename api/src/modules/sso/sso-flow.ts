import type { Request, Response } from 'express';
import { readCookie } from '../../core/auth/session-cookies.js';
import { SignedTokens } from '../../core/crypto/signed-token.js';
import { SSO_SESSION_KEY } from './sso.strategy.js';

export const SSO_FLOW_COOKIE = 'lw_sso_flow';
export const SSO_FLOW_PATH = '/api/sso';
const FLOW_TTL_SECONDS = 600;

/** What openid-client's strategy keeps between the redirect and the callback. */
interface StrategyState {
  code_verifier: string;
  state?: string;
  nonce?: string;
  max_age?: number;
}

interface FlowCookie extends StrategyState {
  returnTo: string;
  /** The settings the flow started with: a save in between ends it. */
  version: string;
  exp: number;
}

/**
 * The strategy keeps its checks (PKCE verifier, state) in `req.session`; we have no server-side
 * session, so they travel in a signed, short-lived HttpOnly cookie scoped to /api/sso, written the
 * moment the strategy stores them (before it redirects) and read back on the callback.
 */
export class SsoFlowCookies {
  private readonly tokens: SignedTokens<FlowCookie>;

  constructor(
    key: Buffer,
    private readonly secure: boolean,
  ) {
    this.tokens = new SignedTokens(key);
  }

  /** Gives the request a session whose strategy entry is written to the flow cookie. */
  begin(request: Request, response: Response, flow: { returnTo: string; version: string }): void {
    const session = {};
    Object.defineProperty(session, SSO_SESSION_KEY, {
      enumerable: true,
      set: (state: StrategyState) => {
        const exp = Math.floor(Date.now() / 1000) + FLOW_TTL_SECONDS;
        response.cookie(SSO_FLOW_COOKIE, this.tokens.sign({ ...state, ...flow, exp }), {
          httpOnly: true,
          sameSite: 'lax',
          secure: this.secure,
          path: SSO_FLOW_PATH,
          maxAge: FLOW_TTL_SECONDS * 1000,
        });
      },
    });
    (request as Request & { session: object }).session = session;
  }

  /** The flow this browser started (null: none, expired or tampered with), given back to the strategy. */
  resume(request: Request, response: Response): { returnTo: string; version: string } | null {
    response.clearCookie(SSO_FLOW_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: SSO_FLOW_PATH,
    });
    const raw = readCookie(request, SSO_FLOW_COOKIE);
    const flow = raw ? this.tokens.verify(raw) : null;
    if (!flow) return null;
    const { returnTo, version, exp: _exp, ...state } = flow;
    (request as Request & { session: object }).session = { [SSO_SESSION_KEY]: state };
    return { returnTo, version };
  }
}

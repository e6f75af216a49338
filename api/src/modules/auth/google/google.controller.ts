import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import { authEndpoints } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/config.js';
import { runStrategies } from '../../../core/auth/run-strategies.js';
import { setSessionCookies } from '../../../core/auth/session-cookies.js';
import { Endpoint, type EndpointInput as Input } from '../../../core/http/endpoint.decorator.js';
import { APP_CONFIG, LOGGER } from '../../../core/tokens.js';
import type { UserRecord } from '../../users/users.service.js';
import { clientInfo } from '../client-info.js';
import { SessionsService } from '../sessions.service.js';
import { landingAfterGoogle, safeReturnPath } from './google-sign-in.service.js';
import { GoogleStrategy } from './google.strategy.js';
import { FLOW_COOKIE, FLOW_PATH, type FlowState } from './signed-cookie-state-store.js';

const FAILED = '/login?error=google';

@Controller()
export class GoogleController {
  private readonly secureCookies: boolean;
  private readonly recaptchaSiteKey: string | null;

  constructor(
    private readonly google: GoogleStrategy,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.secureCookies = config.APP_URL.startsWith('https://');
    this.recaptchaSiteKey = config.RECAPTCHA_SECRET ? (config.RECAPTCHA_SITE_KEY ?? null) : null;
  }

  @Endpoint(authEndpoints.clientConfig)
  clientConfig() {
    return { success: true, content: { googleSignIn: this.google.enabled, recaptchaSiteKey: this.recaptchaSiteKey } };
  }

  /** The strategy answers with the redirect to the provider (and sets the flow cookie). */
  @Endpoint(authEndpoints.googleStart)
  start(
    @Query() query: Input<(typeof authEndpoints)['googleStart']['query']>,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    if (!this.google.enabled) return response.redirect(302, FAILED);
    const state: FlowState = { returnTo: safeReturnPath(query.returnTo) };
    void runStrategies(this.google, request, response, { state }).catch((error: Error) => {
      this.logger.warn({ error: error.message }, 'Google sign-in could not start');
      if (!response.headersSent) response.redirect(302, FAILED);
    });
  }

  @Endpoint(authEndpoints.googleCallback)
  async callback(
    @Query() query: Input<(typeof authEndpoints)['googleCallback']['query']>,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    response.clearCookie(FLOW_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.secureCookies, path: FLOW_PATH });
    // Without a code the strategy would start a new flow; a refusal or a stray link just fails.
    if (!this.google.enabled || query.error || !query.code) return response.redirect(302, FAILED);
    const signedIn = await this.finish(request, response);
    if (!signedIn) return response.redirect(302, FAILED);
    setSessionCookies(
      response,
      await this.sessions.start(signedIn.user.id, { ...clientInfo(request), method: 'google' }),
      this.secureCookies,
    );
    return response.redirect(302, landingAfterGoogle(signedIn.user, signedIn.returnTo));
  }

  private async finish(request: Request, response: Response): Promise<{ user: UserRecord; returnTo: string } | null> {
    try {
      const { user, info } = await runStrategies<UserRecord>(this.google, request, response);
      const returnTo = (info as { state?: FlowState } | undefined)?.state?.returnTo;
      return user && returnTo ? { user, returnTo } : null;
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'Google sign-in failed');
      return null;
    }
  }
}

import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import { authEndpoints } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../../config/config.js';
import { readCookie, setSessionCookies } from '../../../core/auth/session-cookies.js';
import { Endpoint, type EndpointInput as Input } from '../../../core/http/endpoint.decorator.js';
import { APP_CONFIG } from '../../../core/tokens.js';
import { clientInfo } from '../client-info.js';
import { GoogleSignInService } from './google-sign-in.service.js';

const FLOW_COOKIE = 'lw_oauth_flow';
const FLOW_PATH = '/api/oauth2/google';
const FAILED = '/login?error=google';

@Controller()
export class GoogleController {
  private readonly secureCookies: boolean;
  private readonly recaptchaSiteKey: string | null;

  constructor(
    private readonly google: GoogleSignInService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secureCookies = config.APP_URL.startsWith('https://');
    this.recaptchaSiteKey = config.RECAPTCHA_SECRET ? (config.RECAPTCHA_SITE_KEY ?? null) : null;
  }

  @Endpoint(authEndpoints.clientConfig)
  clientConfig() {
    return { success: true, content: { googleSignIn: this.google.client.enabled, recaptchaSiteKey: this.recaptchaSiteKey } };
  }

  @Endpoint(authEndpoints.googleStart)
  start(@Query() query: Input<(typeof authEndpoints)['googleStart']['query']>, @Res() response: Response) {
    if (!this.google.client.enabled) return response.redirect(302, FAILED);
    const { redirect, flowCookie } = this.google.start(query.returnTo);
    response.cookie(FLOW_COOKIE, flowCookie, { httpOnly: true, sameSite: 'lax', secure: this.secureCookies, path: FLOW_PATH, maxAge: 600_000 });
    return response.redirect(302, redirect);
  }

  @Endpoint(authEndpoints.googleCallback)
  async callback(@Query() query: Input<(typeof authEndpoints)['googleCallback']['query']>, @Req() request: Request, @Res() response: Response) {
    response.clearCookie(FLOW_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.secureCookies, path: FLOW_PATH });
    const result = query.error ? null : await this.google.finish(readCookie(request, FLOW_COOKIE), query.code, query.state, clientInfo(request));
    if (!result) return response.redirect(302, FAILED);
    setSessionCookies(response, result.tokens, this.secureCookies);
    return response.redirect(302, result.redirect);
  }
}

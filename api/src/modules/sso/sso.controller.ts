import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import { ssoEndpoints, type SsoFailureReason } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import type { Strategy } from 'passport';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { runStrategies } from '../../core/auth/run-strategies.js';
import { setSessionCookies } from '../../core/auth/session-cookies.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { AppError } from '../../core/errors/app-error.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { landingAfterGoogle, safeReturnPath } from '../auth/google/google-sign-in.service.js';
import { clientInfo } from '../auth/client-info.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { UserRecord } from '../users/users.service.js';
import { isProviderOutage } from './oidc-discovery.js';
import { SsoFlowCookies } from './sso-flow.js';
import { SsoSettingsService } from './sso-settings.service.js';
import { SsoRefusal } from './sso-sign-in.service.js';
import { SsoStrategies } from './sso-strategies.service.js';

type E = typeof ssoEndpoints;
const failed = (reason: SsoFailureReason) => `/login?sso=${reason}`;

/**
 * "Log in with …": start sends the browser to the provider, the callback finishes the code flow,
 * starts a session like every other way in (SessionsService) and lands where the user started.
 * Every failure ends on the login page with its reason, never in an error page.
 */
@Controller()
export class SsoController {
  private readonly secureCookies: boolean;
  private readonly flows: SsoFlowCookies;

  constructor(
    private readonly settings: SsoSettingsService,
    private readonly strategies: SsoStrategies,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.secureCookies = config.APP_URL.startsWith('https://');
    this.flows = new SsoFlowCookies(deriveKey(config.APP_SECRET, 'sso-flow'), this.secureCookies);
  }

  @Endpoint(ssoEndpoints.ssoConfig)
  async config() {
    return { success: true as const, content: await this.settings.publicConfig() };
  }

  @Endpoint(ssoEndpoints.ssoStart)
  async start(@Query() query: Input<E['ssoStart']['query']>, @Req() request: Request, @Res() response: Response) {
    const settings = await this.settings.current();
    if (!settings) return response.redirect(302, failed('failed'));
    let strategy;
    try {
      strategy = await this.strategies.for(settings, { fresh: true });
    } catch (error) {
      this.logger.warn({ error: (error as Error).message, issuer: settings.issuerUrl }, 'SSO provider unreachable');
      return response.redirect(302, failed('provider'));
    }
    this.flows.begin(request, response, { returnTo: safeReturnPath(query.returnTo), version: settings.version });
    // The strategy answers with the redirect to the provider.
    void runStrategies(strategy as unknown as Strategy, request, response).catch((error: Error) => {
      this.logger.warn({ error: error.message }, 'SSO sign-in could not start');
      if (!response.headersSent) response.redirect(302, failed(isProviderOutage(error) ? 'provider' : 'failed'));
    });
  }

  @Endpoint(ssoEndpoints.ssoCallback)
  async callback(@Query() query: Input<E['ssoCallback']['query']>, @Req() request: Request, @Res() response: Response) {
    const flow = this.flows.resume(request, response);
    const settings = await this.settings.current();
    // Without a code the strategy would start a new flow: a refusal or a stray link just fails.
    if (!flow || !settings || flow.version !== settings.version || query.error || !query.code) {
      return response.redirect(302, failed('failed'));
    }
    const outcome = await this.finish(settings, request, response);
    if (typeof outcome === 'string') return response.redirect(302, failed(outcome));
    try {
      setSessionCookies(
        response,
        await this.sessions.start(outcome.id, { ...clientInfo(request), method: 'sso' }),
        this.secureCookies,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'AUTH_ACCOUNT_DISABLED') {
        return response.redirect(302, failed('disabled'));
      }
      throw error;
    }
    return response.redirect(302, landingAfterGoogle(outcome, flow.returnTo));
  }

  private async finish(
    settings: NonNullable<Awaited<ReturnType<SsoSettingsService['current']>>>,
    request: Request,
    response: Response,
  ): Promise<UserRecord | SsoFailureReason> {
    try {
      const strategy = await this.strategies.for(settings);
      const { user } = await runStrategies<UserRecord>(strategy as unknown as Strategy, request, response);
      return user ?? 'failed';
    } catch (error) {
      if (error instanceof SsoRefusal) return error.reason;
      const outage = isProviderOutage(error);
      this.logger.warn({ error: (error as Error).message, outage }, 'SSO sign-in failed');
      return outage ? 'provider' : 'failed';
    }
  }
}

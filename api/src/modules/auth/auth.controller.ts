import { Body, Controller, Inject, Param, Req, Res, UseGuards } from '@nestjs/common';
import { AuthTexts, authEndpoints, REFRESH_COOKIE } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { clearSessionCookies, readCookie, setSessionCookies } from '../../core/auth/session-cookies.js';
import { AppError } from '../../core/errors/app-error.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { UsersService } from '../users/users.service.js';
import { clientInfo } from './client-info.js';
import { AccountUnlockService } from './account-unlock.service.js';
import { KnownDevices } from './known-device.js';
import { LoginService } from './login.service.js';
import { PasswordService } from './password.service.js';
import { RegistrationService } from './registration.service.js';
import { SessionsService } from './sessions.service.js';
import { LocalLoginGuard, type RequestWithLogin } from './strategies/local-login.guard.js';

type E = typeof authEndpoints;
const ok = (message: string) => ({ success: true as const, content: { message } });

@Controller()
export class AuthController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly registration: RegistrationService,
    private readonly login: LoginService,
    private readonly devices: KnownDevices,
    private readonly passwords: PasswordService,
    private readonly unlocks: AccountUnlockService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secureCookies = config.APP_URL.startsWith('https://');
  }

  @Endpoint(authEndpoints.register)
  async register(@Body() body: Input<E['register']['body']>, @Req() request: Request) {
    await this.registration.register(body, clientInfo(request).ip);
    return { success: true, content: { segmentData: { email: body.email, method: 'email' } } };
  }

  @Endpoint(authEndpoints.confirmEmail)
  async confirmEmail(@Body() body: Input<E['confirmEmail']['body']>) {
    await this.registration.confirmEmail(body.token);
    return ok('Your e-mail address is confirmed. You can log in now.');
  }

  @Endpoint(authEndpoints.resendConfirmation)
  async resendConfirmation(@Body() body: Input<E['resendConfirmation']['body']>, @Req() request: Request) {
    await this.registration.resendConfirmation(body.email, clientInfo(request).ip);
    return ok(AuthTexts.confirmationResent);
  }

  @Endpoint(authEndpoints.login)
  @UseGuards(LocalLoginGuard)
  async logIn(@Req() request: RequestWithLogin, @Res({ passthrough: true }) response: Response) {
    // The guard's local strategy verified the credentials (it throws the failure texts).
    const { tokens, user } = await this.login.startSession(request.loginUser!, clientInfo(request));
    setSessionCookies(response, tokens, this.secureCookies);
    this.devices.remember(request, response, request.loginUser!.email);
    return { success: true, content: { user } };
  }

  @Endpoint(authEndpoints.logout)
  async logOut(
    @CurrentCaller() caller: Caller | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const refreshToken = readCookie(request, REFRESH_COOKIE);
    const sessionId =
      caller?.sessionId ??
      (typeof refreshToken === 'string' ? await this.sessions.sessionOfRefreshToken(refreshToken) : null);
    if (sessionId) await this.sessions.end(sessionId, 'logout');
    clearSessionCookies(response, this.secureCookies);
    return ok('You are logged out');
  }

  @Endpoint(authEndpoints.userinfo)
  async userinfo(@CurrentCaller() caller: Caller) {
    return { success: true, content: { user: await this.users.me(caller.userId) } };
  }

  @Endpoint(authEndpoints.refresh)
  async refresh(
    @Body() body: Input<E['refresh']['body']>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const presented = body.refreshToken ?? readCookie(request, REFRESH_COOKIE);
    if (typeof presented !== 'string' || !presented)
      throw new AppError('AUTH_REQUIRED', { message: 'Your session has ended. Please log in again.' });
    try {
      const tokens = await this.sessions.rotate(presented);
      setSessionCookies(response, tokens, this.secureCookies);
      return { success: true, content: { accessTokenExpiresAt: tokens.accessExpiresAt.toISOString() } };
    } catch (error) {
      clearSessionCookies(response, this.secureCookies);
      throw error;
    }
  }

  @Endpoint(authEndpoints.recoverPassword)
  async recover(@Body() body: Input<E['recoverPassword']['body']>, @Req() request: Request) {
    await this.passwords.recover(body.email, clientInfo(request).ip);
    return ok(AuthTexts.recoverySent);
  }

  @Endpoint(authEndpoints.resetPassword)
  async reset(
    @Body() body: Input<E['resetPassword']['body']>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    // The browser that used the reset link is the owner's: it is never locked out by strangers' failures.
    this.devices.remember(request, response, await this.passwords.reset(body.token, body.password));
    return ok('Your password was changed. You can log in with it now.');
  }

  @Endpoint(authEndpoints.unlockAccount)
  async unlock(
    @Body() body: Input<E['unlockAccount']['body']>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    // Like a reset link, the unlock link proves the owner: this browser is never locked out again.
    this.devices.remember(request, response, await this.unlocks.unlock(body.token));
    return ok(AuthTexts.accountUnlocked);
  }

  @Endpoint(authEndpoints.changePassword)
  async change(@CurrentCaller() caller: Caller, @Body() body: Input<E['changePassword']['body']>) {
    await this.passwords.change(caller.userId, caller.sessionId, body.oldPassword, body.password);
    return ok('Your password was changed. Your other sessions were logged out.');
  }

  @Endpoint(authEndpoints.listSessions)
  async list(@CurrentCaller() caller: Caller) {
    const sessions = await this.sessions.list(caller.userId);
    return {
      success: true,
      content: {
        sessions: sessions.map((s) => ({
          ...s,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          current: s.id === caller.sessionId,
        })),
      },
    };
  }

  @Endpoint(authEndpoints.revokeSession)
  async revokeSession(@CurrentCaller() caller: Caller, @Param() params: Input<E['revokeSession']['params']>) {
    await this.sessions.revoke(caller.userId, params.id, 'revoked by the user');
    return ok('The session was logged out');
  }
}

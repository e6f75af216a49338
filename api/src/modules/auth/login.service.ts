import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../../core/errors/app-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { SsoSettingsService } from '../sso/sso-settings.service.js';
import { UsersService, type UserRecord } from '../users/users.service.js';
import { AccountUnlockService } from './account-unlock.service.js';
import { AuthLimits } from './auth-limits.js';
import { verifyCaptcha } from './captcha.js';
import { verifyPassword } from './passwords.js';
import { SessionsService, type SessionContext } from './sessions.service.js';

/** Where a login attempt comes from: the address, the account's known device (if it is one) and a CAPTCHA answer. */
export interface LoginSource {
  ip: string;
  deviceId: string | null;
  captchaToken?: string;
}

/**
 * Password login: one answer and one cost for every failure. Failures are throttled per account
 * and source (a known device, else the address): after a few, that source waits longer after each
 * one. Failures from everywhere lock the account for unknown sources only (a CAPTCHA passes, when
 * configured), so strangers cannot lock the owner out of a device they used before or of a reset link;
 * the owner is mailed an unlock link when the lock begins.
 */
@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimiter,
    private readonly sso: SsoSettingsService,
    private readonly unlocks: AccountUnlockService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The local strategy's check: the user these credentials belong to, or the one failure text. */
  async verifyCredentials(email: string, password: string, from: LoginSource): Promise<UserRecord> {
    await this.limits.hit(AuthLimits.loginPerIp(from.ip));
    const source = from.deviceId ? `device:${from.deviceId}` : `ip:${from.ip}`;
    await this.limits.check(AuthLimits.loginWait(email, source, 0));
    const account = AuthLimits.loginFailuresPerEmail(email);
    if (!from.deviceId) await this.assertAccountOpen(account, from);
    const user = await this.users.findByEmail(email);
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) {
      const failures = await this.limits.count(AuthLimits.loginFailuresPerSource(email, source));
      // The failure that locks the account mails its owner an unlock link (once per lock).
      if ((await this.limits.count(account)) === account.max) await this.unlocks.accountLocked(email);
      const wait = AuthLimits.loginWait(email, source, failures);
      if (failures >= AuthLimits.loginFailuresPerSource(email, source).max) await this.limits.count(wait);
      // Password login is off for this address's domain: say so instead of "wrong password", by the
      // domain alone (an administrator's wrong password gets the same answer as anyone's).
      await this.sso.assertPasswordAllowed(email);
      throw new AppError('AUTH_INVALID_CREDENTIALS');
    }
    // The admin turned password login off for this address's domain: single sign-on only.
    await this.sso.assertPasswordAllowed(user.email, user.role);
    if (!user.emailConfirmedAt) throw new AppError('AUTH_EMAIL_NOT_CONFIRMED');
    await Promise.all([
      this.limits.reset(account.key),
      this.limits.reset(AuthLimits.loginFailuresPerSource(email, source).key),
    ]);
    return user;
  }

  /** Too many failures on the account: an unknown source needs a CAPTCHA (when configured), else it waits. */
  private async assertAccountOpen(account: ReturnType<typeof AuthLimits.loginFailuresPerEmail>, from: LoginSource) {
    const { reached, retryAfterSeconds } = await this.limits.reached(account);
    if (!reached) return;
    if (this.config.RECAPTCHA_SECRET && from.captchaToken)
      return verifyCaptcha(this.config, from.captchaToken, from.ip);
    throw new AppError('AUTH_ACCOUNT_LOCKED', { details: { retryAfterSeconds } });
  }

  async startSession(user: UserRecord, context: Omit<SessionContext, 'method'> & { ip: string }) {
    const tokens = await this.sessions.start(user.id, { ...context, method: 'password' });
    return { tokens, user: this.users.view(user) };
  }
}

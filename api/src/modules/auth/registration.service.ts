import { Inject, Injectable } from '@nestjs/common';
import { AuthTexts, type registerBodySchema } from '@loopwright/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { MailSettingsProvider } from '../mail/mail-settings.provider.js';
import { MailService } from '../mail/mail.service.js';
import { SsoSettingsService } from '../sso/sso-settings.service.js';
import { InvitationsService } from '../teams/invitations.service.js';
import { UsersService } from '../users/users.service.js';
import { AuthLimits, CONFIRM_EMAIL_TTL_MS } from './auth-limits.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { verifyCaptcha } from './captcha.js';
import { newPasswordHash } from './password-policy.js';

/**
 * Sign-up and e-mail confirmation. The answer to "register" never tells whether the address
 * already had an account: its owner gets an e-mail instead.
 */
export type RegistrationOutcome = 'email' | 'administrator' | 'done';

@Injectable()
export class RegistrationService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersService,
    private readonly tokens: AuthTokensRepository,
    private readonly mail: MailService,
    private readonly mailSettings: MailSettingsProvider,
    private readonly invitations: InvitationsService,
    private readonly limits: RateLimiter,
    private readonly sso: SsoSettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * What the new account waits for: a confirmation e-mail, an administrator (no mail server: the
   * link stays in Admin → Mail log), or nothing (signed up from a team invitation's link, which
   * proved the address: confirmed and in the team at once).
   */
  async register(body: z.infer<typeof registerBodySchema>, ip: string): Promise<RegistrationOutcome> {
    await this.limits.hit(AuthLimits.registerPerIp(ip));
    if (body.acceptTerms === false)
      throw AppError.validation(
        { fields: [{ field: 'acceptTerms', message: AuthTexts.termsRequired }] },
        AuthTexts.termsRequired,
      );
    // Password login is off for this address's domain: the account comes from single sign-on.
    await this.sso.assertPasswordAllowed(body.email);
    await verifyCaptcha(this.config, body.captchaToken, ip);
    const passwordHash = await newPasswordHash(body.password);
    let joined = false;
    const mailIds = await this.prisma.$transaction(async (tx) => {
      const existing = await this.users.findByEmail(body.email, tx);
      if (existing?.emailConfirmedAt) return [await this.mail.record('registration-attempt', existing.email, {}, tx)];
      const invitation = body.invitation ? await this.invitations.forSignUp(body.invitation, body.email, tx) : null;
      if (invitation) {
        const data = { passwordHash, emailConfirmedAt: new Date() };
        const user = existing
          ? await this.users.update(existing.id, data, tx)
          : await this.users.create({ email: body.email, ...data }, tx);
        await this.invitations.joinOnSignUp(invitation, user.id, tx);
        joined = true;
        return [];
      }
      const user = existing
        ? await this.users.update(existing.id, { passwordHash }, tx)
        : await this.users.create({ email: body.email, passwordHash }, tx);
      const token = await this.tokens.issue(user.id, 'confirm_email', CONFIRM_EMAIL_TTL_MS, tx);
      return [
        await this.mail.record(
          'confirm-email',
          user.email,
          { token, ...(body.returnTo ? { returnTo: body.returnTo } : {}) },
          tx,
        ),
      ];
    });
    await this.mail.dispatch(...mailIds);
    if (joined) return 'done';
    return (await this.mailSettings.current()).source === 'none' ? 'administrator' : 'email';
  }

  async confirmEmail(token: string): Promise<void> {
    const result = await this.prisma.$transaction(async (tx) => {
      const consumed = await this.tokens.consume(token, 'confirm_email', tx);
      if (consumed.status === 'ok') await this.users.update(consumed.userId, { emailConfirmedAt: new Date() }, tx);
      return consumed;
    });
    if (result.status === 'expired') throw new AppError('AUTH_TOKEN_EXPIRED');
    if (result.status === 'invalid')
      throw new AppError('AUTH_TOKEN_INVALID', {
        message: 'This confirmation link is not valid. It may have been used already.',
      });
  }

  async resendConfirmation(email: string, ip: string): Promise<void> {
    await this.limits.hit(AuthLimits.resendPerIp(ip));
    await this.limits.hit(AuthLimits.resendPerEmail(email));
    const mailIds = await this.prisma.$transaction(async (tx) => {
      const user = await this.users.findByEmail(email, tx);
      if (!user || user.emailConfirmedAt || !user.passwordHash) return [];
      const token = await this.tokens.issue(user.id, 'confirm_email', CONFIRM_EMAIL_TTL_MS, tx);
      return [await this.mail.record('confirm-email', user.email, { token }, tx)];
    });
    await this.mail.dispatch(...mailIds);
  }
}

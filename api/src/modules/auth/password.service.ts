import { Injectable } from '@nestjs/common';
import { AuthTexts } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { MailService } from '../mail/mail.service.js';
import { SsoSettingsService } from '../sso/sso-settings.service.js';
import { UsersService } from '../users/users.service.js';
import { AuthLimits, RESET_PASSWORD_TTL_MS } from './auth-limits.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { passwordRecoveryJob } from './password-recovery.jobs.js';
import { newPasswordHash } from './password-policy.js';
import { verifyPassword } from './passwords.js';
import { SessionsService } from './sessions.service.js';

/** Recovery, reset and change. Setting a new password logs out every other session. */
@Injectable()
export class PasswordService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersService,
    private readonly tokens: AuthTokensRepository,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly limits: RateLimiter,
    private readonly queue: QueueService,
    private readonly sso: SsoSettingsService,
    registry: JobRegistry,
  ) {
    registry.handle(passwordRecoveryJob, ({ email }) => this.mailRecoveryLink(email));
  }

  /**
   * Same answer whether or not the address has an account, in the same time: the request only
   * counts the attempt and enqueues; looking the address up and mailing its owner happen in a job.
   */
  async recover(email: string, ip: string): Promise<void> {
    await this.limits.hit(AuthLimits.recoveryPerIp(ip));
    await this.limits.hit(AuthLimits.recoveryPerEmail(email));
    // Password login is off for this address's domain: no reset link, by the domain alone.
    await this.sso.assertPasswordAllowed(email);
    await this.queue.enqueue(passwordRecoveryJob, { email });
  }

  private async mailRecoveryLink(email: string): Promise<void> {
    const mailIds = await this.prisma.$transaction(async (tx) => {
      const user = await this.users.findByEmail(email, tx);
      if (!user) return [];
      const token = await this.tokens.issue(user.id, 'reset_password', RESET_PASSWORD_TTL_MS, tx);
      return [await this.mail.record('reset-password', user.email, { token }, tx)];
    });
    await this.mail.dispatch(...mailIds);
  }

  /** Sets the new password; the account's login lock is lifted (the link proves the owner). Returns the account's e-mail. */
  async reset(token: string, password: string): Promise<string> {
    const passwordHash = await newPasswordHash(password);
    const result = await this.prisma.$transaction(async (tx) => {
      const consumed = await this.tokens.consume(token, 'reset_password', tx);
      if (consumed.status !== 'ok') return { consumed, email: '', mailId: null };
      const user = await this.users.findById(consumed.userId, tx);
      // A link mailed before password login was turned off for the domain: refused, and still unused.
      if (user) await this.sso.assertPasswordAllowed(user.email, user.role);
      await this.users.update(
        consumed.userId,
        { passwordHash, passwordChangedAt: new Date(), emailConfirmedAt: user?.emailConfirmedAt ?? new Date() },
        tx,
      );
      return {
        consumed,
        email: user?.email ?? '',
        mailId: user ? await this.mail.record('password-changed', user.email, {}, tx) : null,
      };
    });
    const { consumed } = result;
    if (consumed.status === 'expired')
      throw new AppError('AUTH_TOKEN_EXPIRED', { message: AuthTexts.resetTokenExpired });
    if (consumed.status !== 'ok')
      throw new AppError('AUTH_TOKEN_INVALID', {
        message: 'This reset link is not valid. It may have been used already.',
      });
    await this.sessions.revokeAll(consumed.userId, 'password reset');
    await this.limits.reset(AuthLimits.loginFailuresPerEmail(result.email).key);
    if (result.mailId) await this.mail.dispatch(result.mailId);
    return result.email;
  }

  async change(
    userId: string,
    currentSessionId: string | null,
    oldPassword: string | undefined,
    password: string,
  ): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('AUTH_REQUIRED');
    // Accounts made with Google have no old password to give.
    if (user.passwordHash && !(await verifyPassword(user.passwordHash, oldPassword ?? ''))) {
      throw AppError.validation(
        { fields: [{ field: 'oldPassword', message: 'The current password is not correct' }] },
        'The current password is not correct',
      );
    }
    const passwordHash = await newPasswordHash(password);
    const mailId = await this.prisma.$transaction(async (tx) => {
      await this.users.update(userId, { passwordHash, passwordChangedAt: new Date() }, tx);
      return this.mail.record('password-changed', user.email, {}, tx);
    });
    await this.sessions.revokeAll(userId, 'password changed', currentSessionId ?? undefined);
    await this.mail.dispatch(mailId);
  }
}

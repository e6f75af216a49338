import { Injectable } from '@nestjs/common';
import { AuthTexts } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { MailService } from '../mail/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { AuthLimits, UNLOCK_ACCOUNT_TTL_MS } from './auth-limits.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { accountLockedJob } from './account-unlock.jobs.js';

/**
 * When strangers' failed logins lock an account, its owner gets an e-mailed unlock link: opening it
 * lifts the lock and makes that browser a known device, which later failures never block.
 */
@Injectable()
export class AccountUnlockService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersService,
    private readonly tokens: AuthTokensRepository,
    private readonly mail: MailService,
    private readonly limits: RateLimiter,
    private readonly queue: QueueService,
    registry: JobRegistry,
  ) {
    registry.handle(accountLockedJob, ({ email }) => this.mailUnlockLink(email));
  }

  /** Called once per lock, when the failure that locks the account is counted. The lookup happens in the job. */
  async accountLocked(email: string): Promise<void> {
    await this.queue.enqueue(accountLockedJob, { email });
  }

  /**
   * Lifts the lock; returns the account's e-mail, so the caller can remember this browser for it.
   * An account disabled since the link was sent stays as it is: locked, and no browser made known.
   */
  async unlock(token: string): Promise<string> {
    const consumed = await this.tokens.consume(token, 'unlock_account');
    const user = consumed.status === 'ok' ? await this.users.findById(consumed.userId) : null;
    if (!user) throw new AppError('AUTH_TOKEN_INVALID', { message: AuthTexts.unlockLinkInvalid });
    if (user.disabledAt) throw new AppError('AUTH_ACCOUNT_DISABLED');
    await this.limits.reset(AuthLimits.loginFailuresPerEmail(user.email).key);
    return user.email;
  }

  private async mailUnlockLink(email: string): Promise<void> {
    const mailIds = await this.prisma.$transaction(async (tx) => {
      const user = await this.users.findByEmail(email, tx);
      if (!user) return [];
      const token = await this.tokens.issue(user.id, 'unlock_account', UNLOCK_ACCOUNT_TTL_MS, tx);
      return [await this.mail.record('account-locked', user.email, { token }, tx)];
    });
    await this.mail.dispatch(...mailIds);
  }
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { UsersService, type UserRecord } from '../users/users.service.js';
import { AuthLimits } from './auth-limits.js';
import { verifyPassword } from './passwords.js';
import { SessionsService, type SessionContext } from './sessions.service.js';

/** Password login: one answer and one cost for every failure, a lockout per address. */
@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimiter,
  ) {}

  /** The local strategy's check: the user these credentials belong to, or the one failure text. */
  async verifyCredentials(email: string, password: string, ip: string): Promise<UserRecord> {
    await this.limits.hit(AuthLimits.loginPerIp(ip));
    const lockout = AuthLimits.loginFailuresPerEmail(email);
    await this.limits.check(lockout);
    const user = await this.users.findByEmail(email);
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) {
      await this.limits.count(lockout);
      throw new AppError('AUTH_INVALID_CREDENTIALS');
    }
    if (!user.emailConfirmedAt) throw new AppError('AUTH_EMAIL_NOT_CONFIRMED');
    await this.limits.reset(lockout.key);
    return user;
  }

  async startSession(user: UserRecord, context: Omit<SessionContext, 'method'> & { ip: string }) {
    const tokens = await this.sessions.start(user.id, { ...context, method: 'password' });
    return { tokens, user: this.users.view(user) };
  }
}

import { Injectable } from '@nestjs/common';
import { AuthTexts, type AuthenticatedUser } from '@loopwright/contracts';
import { safeEqual } from '../../core/crypto/tokens.js';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { AuditLogService } from '../audit/audit-log.service.js';
import { newPasswordHash } from '../auth/password-policy.js';
import { SessionsService } from '../auth/sessions.service.js';
import { InstanceService } from '../instance/instance.service.js';
import { UsersService } from '../users/users.service.js';

/**
 * A self-hosted instance's first administrator is whoever can read the server log: they prove it
 * with the instance ID printed there at first start.
 */
@Injectable()
export class AdminSetupService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersService,
    private readonly usersService: UsersService,
    private readonly instance: InstanceService,
    private readonly limits: RateLimiter,
    private readonly audit: AuditLogService,
    private readonly sessions: SessionsService,
  ) {}

  async needsAdmin(): Promise<boolean> {
    return (await this.users.countAdmins()) === 0;
  }

  /** Ten wrong guesses per address in 15 minutes, then none for the rest of the window (right ones are not counted). */
  async assertInstanceId(candidate: string, ip: string): Promise<void> {
    const guesses = { key: `instance-id:${ip}`, max: 10, windowMs: 15 * 60_000 };
    await this.limits.check(guesses);
    const actual = await this.instance.instanceId();
    if (!actual || !safeEqual(actual, candidate.trim())) {
      await this.limits.hit(guesses);
      throw AppError.validation(
        { fields: [{ field: 'instanceId', message: AuthTexts.instanceIdWrong }] },
        AuthTexts.instanceIdWrong,
      );
    }
  }

  /** Whether this sign-in session has given the instance ID (then the admin screens do not ask for it). */
  instanceIdProven(sessionId: string | null): Promise<boolean> {
    return sessionId ? this.sessions.instanceIdProven(sessionId) : Promise.resolve(false);
  }

  /**
   * The rule for the admin screens: the instance ID is asked once per sign-in session. An ID sent
   * is always checked (and, when right, remembered on the session, which outlives app restarts and
   * is shared by every tab); none sent passes only when this session gave it before. Signing out,
   * or an API key (no session), asks again.
   */
  async assertInstanceIdOnce(candidate: string | undefined, sessionId: string | null, ip: string): Promise<void> {
    if (!candidate?.trim()) {
      if (await this.instanceIdProven(sessionId)) return;
      throw AppError.validation(
        { fields: [{ field: 'instanceId', message: AuthTexts.fieldRequired }] },
        AuthTexts.fieldRequired,
      );
    }
    await this.assertInstanceId(candidate, ip);
    if (sessionId) await this.sessions.markInstanceIdProven(sessionId);
  }

  async createFirstAdmin(instanceId: string, email: string, password: string, ip: string): Promise<AuthenticatedUser> {
    await this.assertInstanceId(instanceId, ip);
    const passwordHash = await newPasswordHash(password);
    const user = await this.prisma.$transaction(async (tx) => {
      // Serialise concurrent attempts so there is only ever one "first" administrator.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(4242001)`;
      if ((await this.users.countAdmins(tx)) > 0) throw new AppError('ADMIN_ALREADY_EXISTS');
      const existing = await this.users.findByEmail(email, tx);
      const data = { role: 'admin' as const, passwordHash, emailConfirmedAt: existing?.emailConfirmedAt ?? new Date() };
      const admin = existing
        ? await this.users.update(existing.id, data, tx)
        : await this.users.create({ email, ...data }, tx);
      await this.audit.record(
        {
          actorId: admin.id,
          action: 'instance.admin-created',
          target: email,
          before: { role: existing?.role ?? null },
          after: { role: 'admin' },
        },
        tx,
      );
      return admin;
    });
    return this.usersService.view(user);
  }
}

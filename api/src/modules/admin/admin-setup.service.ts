import { Injectable } from '@nestjs/common';
import { AuthTexts, type AuthenticatedUser } from '@loopwright/contracts';
import { safeEqual } from '../../core/crypto/tokens.js';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { AuditLogService } from '../audit/audit-log.service.js';
import { newPasswordHash } from '../auth/password-policy.js';
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
  ) {}

  async needsAdmin(): Promise<boolean> {
    return (await this.users.countAdmins()) === 0;
  }

  async assertInstanceId(candidate: string, ip: string): Promise<void> {
    await this.limits.hit({ key: `instance-id:${ip}`, max: 10, windowMs: 15 * 60_000 });
    const actual = await this.instance.instanceId();
    if (!actual || !safeEqual(actual, candidate.trim())) {
      throw AppError.validation(
        { fields: [{ field: 'instanceId', message: AuthTexts.instanceIdWrong }] },
        AuthTexts.instanceIdWrong,
      );
    }
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

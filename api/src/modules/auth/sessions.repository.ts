import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { Prisma } from '../../generated/prisma/client.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class SessionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  createSession(
    data: { userId: string; userAgent?: string; ip?: string; method: string; expiresAt: Date },
    tx: TransactionClient = this.prisma,
  ) {
    return tx.session.create({ data, select: { id: true } });
  }

  addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date, tx: TransactionClient = this.prisma) {
    return tx.refreshToken.create({ data: { sessionId, tokenHash, expiresAt } });
  }

  findRefreshToken(tokenHash: string) {
    return this.prisma.refreshToken.findUnique({
      where: { tokenHash },
      include: { session: { select: { id: true, userId: true, revokedAt: true, expiresAt: true } } },
    });
  }

  /** True when this call marked the token used (false: someone else used it first). */
  async markRefreshTokenUsed(id: string, tx: TransactionClient = this.prisma): Promise<boolean> {
    const { count } = await tx.refreshToken.updateMany({ where: { id, usedAt: null }, data: { usedAt: new Date() } });
    return count === 1;
  }

  /** The live session and its user's role, in one query (every authenticated request reads it). */
  async findActive(
    sessionId: string,
  ): Promise<{ id: string; userId: string; lastUsedAt: Date; user: { role: 'user' | 'admin' } } | null> {
    if (!UUID.test(sessionId)) return null;
    const [row] = await this.prisma.queryDirect<{
      id: string;
      userId: string;
      lastUsedAt: Date;
      role: 'user' | 'admin';
    }>(
      Prisma.sql`
      SELECT s.id::text, s.user_id::text AS "userId", s.last_used_at AS "lastUsedAt", u.role::text AS role
        FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ${sessionId}::uuid AND s.revoked_at IS NULL AND s.expires_at > ${new Date().toISOString()}::timestamp
         AND u.disabled_at IS NULL`,
    );
    return row ? { id: row.id, userId: row.userId, lastUsedAt: row.lastUsedAt, user: { role: row.role } } : null;
  }

  /** Whether an administrator gave the instance ID in this live session. */
  async instanceIdProven(sessionId: string): Promise<boolean> {
    if (!UUID.test(sessionId)) return false;
    const row = await this.prisma.session.findFirst({
      where: { id: sessionId, revokedAt: null, expiresAt: { gt: new Date() }, instanceIdProvenAt: { not: null } },
      select: { id: true },
    });
    return row !== null;
  }

  async markInstanceIdProven(sessionId: string): Promise<void> {
    if (!UUID.test(sessionId)) return;
    await this.prisma.session.updateMany({ where: { id: sessionId }, data: { instanceIdProvenAt: new Date() } });
  }

  async touch(sessionId: string, expiresAt?: Date, tx: TransactionClient = this.prisma): Promise<void> {
    await tx.session.update({
      where: { id: sessionId },
      data: { lastUsedAt: new Date(), ...(expiresAt ? { expiresAt } : {}) },
    });
  }

  listActive(userId: string) {
    return this.prisma.session.findMany({
      where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { lastUsedAt: 'desc' },
      select: { id: true, userAgent: true, ip: true, method: true, createdAt: true, lastUsedAt: true },
    });
  }

  async revoke(
    where: { id?: string; userId?: string; exceptId?: string },
    reason: string,
    tx: TransactionClient = this.prisma,
  ): Promise<number> {
    const { count } = await tx.session.updateMany({
      where: {
        ...(where.id ? { id: where.id } : {}),
        ...(where.userId ? { userId: where.userId } : {}),
        ...(where.exceptId ? { NOT: { id: where.exceptId } } : {}),
        revokedAt: null,
      },
      data: { revokedAt: new Date(), revokedReason: reason },
    });
    return count;
  }
}

import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

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

  findActive(sessionId: string) {
    return this.prisma.session.findFirst({
      where: { id: sessionId, revokedAt: null, expiresAt: { gt: new Date() }, user: { disabledAt: null } },
      select: { id: true, userId: true, lastUsedAt: true, user: { select: { role: true } } },
    });
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

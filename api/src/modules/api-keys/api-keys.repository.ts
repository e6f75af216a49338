import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/prisma/prisma.service.js';

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly prisma: PrismaService) {}

  findActiveForUser(userId: string) {
    return this.prisma.apiKey.findFirst({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'desc' } });
  }

  findByPrefix(prefix: string) {
    return this.prisma.apiKey.findUnique({
      where: { prefix },
      include: { user: { select: { id: true, role: true, disabledAt: true } } },
    });
  }

  /** Revokes the user's active keys and stores the new one, atomically. */
  replace(userId: string, prefix: string, keyHash: string) {
    return this.prisma.$transaction(async (tx) => {
      await tx.apiKey.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
      return tx.apiKey.create({ data: { userId, prefix, keyHash } });
    });
  }

  async revokeAll(userId: string): Promise<number> {
    const { count } = await this.prisma.apiKey.updateMany({
      where: { userId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return count;
  }

  async touch(id: string): Promise<void> {
    await this.prisma.apiKey.update({ where: { id }, data: { lastUsedAt: new Date() } });
  }
}

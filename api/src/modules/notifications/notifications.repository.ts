import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

type NotificationType = 'info' | 'warning' | 'error';

@Injectable()
export class NotificationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(userId: string, type: NotificationType, message: string, link: string | null, tx: TransactionClient = this.prisma) {
    return tx.notification.create({ data: { userId, type, message, link } });
  }

  list(userId: string, unviewedOnly: boolean, take: number) {
    return this.prisma.notification.findMany({ where: { userId, ...(unviewedOnly ? { viewedAt: null } : {}) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
  }

  countUnviewed(userId: string) {
    return this.prisma.notification.count({ where: { userId, viewedAt: null } });
  }

  async markViewed(userId: string, ids: string[] | undefined): Promise<number> {
    const { count } = await this.prisma.notification.updateMany({ where: { userId, viewedAt: null, ...(ids ? { id: { in: ids } } : {}) }, data: { viewedAt: new Date() } });
    return count;
  }
}

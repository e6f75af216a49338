import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

type NotificationType = 'info' | 'warning' | 'error';

export interface NewNotification {
  type: NotificationType;
  title?: string | null;
  message: string;
  link?: string | null;
}

export interface NotificationFilter {
  unviewedOnly?: boolean;
  type?: NotificationType;
  skip: number;
  take: number;
}

@Injectable()
export class NotificationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(userId: string, data: NewNotification, tx: TransactionClient = this.prisma) {
    return tx.notification.create({
      data: { userId, type: data.type, title: data.title ?? null, message: data.message, link: data.link ?? null },
    });
  }

  async list(userId: string, filter: NotificationFilter) {
    const where: Prisma.NotificationWhereInput = {
      userId,
      ...(filter.unviewedOnly ? { viewedAt: null } : {}),
      ...(filter.type ? { type: filter.type } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.notification.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: filter.skip,
        take: filter.take,
      }),
      this.prisma.notification.count({ where }),
    ]);
    return { rows, total };
  }

  countUnviewed(userId: string) {
    return this.prisma.notification.count({ where: { userId, viewedAt: null } });
  }

  async markViewed(userId: string, ids: string[] | undefined): Promise<number> {
    const { count } = await this.prisma.notification.updateMany({
      where: { userId, viewedAt: null, ...(ids ? { id: { in: ids } } : {}) },
      data: { viewedAt: new Date() },
    });
    return count;
  }
}

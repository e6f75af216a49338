import { Injectable } from '@nestjs/common';
import { RealtimeEvents, type Notification, type NotificationType } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { NotificationsRepository } from './notifications.repository.js';

type Row = Awaited<ReturnType<NotificationsRepository['create']>>;

const view = (n: Row): Notification => ({
  id: n.id,
  type: n.type,
  message: n.message,
  link: n.link,
  viewed: !!n.viewedAt,
  createdAt: n.createdAt.toISOString(),
});

/**
 * The notifications box: info, warnings and errors for one user. Other modules do not call this:
 * they emit a domain event, and NotificationEventsConsumer turns it into a notification.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly realtime: RealtimePublisher,
  ) {}

  async add(userId: string, type: NotificationType, message: string, link?: string): Promise<Notification> {
    const notification = view(await this.notifications.create(userId, type, message, link ?? null));
    this.realtime.toUser(userId, RealtimeEvents.notification, notification);
    return notification;
  }

  /** Stores it in `tx`; the returned push sends it live to the user's sockets after commit. */
  async addInTransaction(tx: TransactionClient, userId: string, type: NotificationType, message: string, link?: string): Promise<() => void> {
    const notification = view(await this.notifications.create(userId, type, message, link ?? null, tx));
    return () => this.realtime.toUser(userId, RealtimeEvents.notification, notification);
  }

  async list(userId: string, options: { unviewed?: boolean; limit: number }): Promise<{ notifications: Notification[]; unviewedCount: number }> {
    const [rows, unviewedCount] = await Promise.all([this.notifications.list(userId, !!options.unviewed, options.limit), this.notifications.countUnviewed(userId)]);
    return { notifications: rows.map(view), unviewedCount };
  }

  markViewed(userId: string, ids?: string[]): Promise<number> {
    return this.notifications.markViewed(userId, ids);
  }
}

import { Injectable } from '@nestjs/common';
import { RealtimeEvents, type Notification, type NotificationType } from '@loopwright/contracts';
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

/** The notifications box: info, warnings and errors for one user; other modules add them here. */
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

  async list(userId: string, options: { unviewed?: boolean; limit: number }): Promise<{ notifications: Notification[]; unviewedCount: number }> {
    const [rows, unviewedCount] = await Promise.all([this.notifications.list(userId, !!options.unviewed, options.limit), this.notifications.countUnviewed(userId)]);
    return { notifications: rows.map(view), unviewedCount };
  }

  markViewed(userId: string, ids?: string[]): Promise<number> {
    return this.notifications.markViewed(userId, ids);
  }
}

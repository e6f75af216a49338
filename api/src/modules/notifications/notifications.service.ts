import { Injectable } from '@nestjs/common';
import { RealtimeEvents, type Notification, type NotificationType } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { NotificationsRepository, type NewNotification } from './notifications.repository.js';

type Row = Awaited<ReturnType<NotificationsRepository['create']>>;

const view = (n: Row): Notification => ({
  id: n.id,
  type: n.type,
  title: n.title,
  message: n.message,
  link: n.link,
  viewed: !!n.viewedAt,
  createdAt: n.createdAt.toISOString(),
});

export interface ListOptions {
  unviewed?: boolean;
  type?: NotificationType;
  limit: number;
  page?: number;
}

/**
 * The notifications box and center: info, warnings and errors for one user, each with an optional
 * title and link. Other modules do not call this: they emit a domain event, and
 * NotificationEventsConsumer turns it into a notification (likes, follows, invitations and billing
 * add a case there; the web renders any of them the same way: type, title, message, link).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly realtime: RealtimePublisher,
  ) {}

  async add(
    userId: string,
    type: NotificationType,
    message: string,
    link?: string,
    title?: string,
  ): Promise<Notification> {
    const notification = view(await this.notifications.create(userId, { type, message, link, title }));
    this.realtime.toUser(userId, RealtimeEvents.notification, notification);
    return notification;
  }

  /** Stores it in `tx`; the returned push sends it live to the user's sockets after commit. */
  async addInTransaction(
    tx: TransactionClient,
    userId: string,
    type: NotificationType,
    message: string,
    link?: string,
    title?: string,
  ): Promise<() => void> {
    const data: NewNotification = { type, message, link, title };
    const notification = view(await this.notifications.create(userId, data, tx));
    return () => this.realtime.toUser(userId, RealtimeEvents.notification, notification);
  }

  async list(
    userId: string,
    options: ListOptions,
  ): Promise<{ notifications: Notification[]; unviewedCount: number; total: number; page: number }> {
    const page = options.page ?? 1;
    const [{ rows, total }, unviewedCount] = await Promise.all([
      this.notifications.list(userId, {
        unviewedOnly: !!options.unviewed,
        type: options.type,
        skip: (page - 1) * options.limit,
        take: options.limit,
      }),
      this.notifications.countUnviewed(userId),
    ]);
    return { notifications: rows.map(view), unviewedCount, total, page };
  }

  markViewed(userId: string, ids?: string[]): Promise<number> {
    return this.notifications.markViewed(userId, ids);
  }
}

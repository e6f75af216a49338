import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

/** The only file that touches domain_events and domain_event_deliveries. */
@Injectable()
export class EventsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work, { maxWait: 15_000, timeout: 15_000 });
  }

  async create(type: string, payload: object, tx: TransactionClient = this.prisma): Promise<string> {
    return (await tx.domainEvent.create({ data: { type, payload: payload }, select: { id: true } })).id;
  }

  find(id: string) {
    return this.prisma.domainEvent.findUnique({
      where: { id },
      select: { id: true, type: true, payload: true, dispatchedAt: true },
    });
  }

  async markEnqueued(id: string): Promise<void> {
    await this.prisma.domainEvent.update({ where: { id }, data: { enqueuedAt: new Date() } });
  }

  async markDispatched(id: string): Promise<void> {
    await this.prisma.domainEvent.update({ where: { id }, data: { dispatchedAt: new Date() } });
  }

  /** False when this consumer already had the event (the primary key decides, also under a race). */
  async claimDelivery(tx: TransactionClient, eventId: string, consumer: string): Promise<boolean> {
    const { count } = await tx.domainEventDelivery.createMany({ data: [{ eventId, consumer }], skipDuplicates: true });
    return count === 1;
  }

  /** Undelivered events never handed to the queue, or handed over so long ago the job must have been lost. */
  findStranded(olderThan: Date, limit = 100) {
    return this.prisma.domainEvent.findMany({
      where: {
        dispatchedAt: null,
        OR: [
          { enqueuedAt: null, createdAt: { lt: olderThan } },
          { enqueuedAt: { lt: new Date(olderThan.getTime() - 15 * 60_000) } },
        ],
      },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
  }

  /** How many events wait for a consumer, and the age in seconds of the oldest (0 when none). */
  async pending(): Promise<{ count: number; oldestSeconds: number }> {
    const [row] = await this.prisma.$queryRaw<{ count: bigint; oldest: number | null }[]>`
      SELECT count(*) AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest
      FROM domain_events WHERE dispatched_at IS NULL`;
    return { count: Number(row?.count ?? 0), oldestSeconds: Math.max(0, row?.oldest ?? 0) };
  }
}

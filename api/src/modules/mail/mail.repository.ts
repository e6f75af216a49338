import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { MailStatus } from '../../generated/prisma/client.js';

@Injectable()
export class MailRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(template: string, to: string, props: object, tx: TransactionClient = this.prisma): Promise<string> {
    const row = await tx.mailLog.create({ data: { template, to, props: props }, select: { id: true } });
    return row.id;
  }

  findById(id: string) {
    return this.prisma.mailLog.findUnique({ where: { id } });
  }

  async markEnqueued(id: string): Promise<void> {
    await this.prisma.mailLog.update({ where: { id }, data: { enqueuedAt: new Date() } });
  }

  async markSent(id: string, subject: string): Promise<void> {
    await this.prisma.mailLog.update({
      where: { id },
      data: { status: 'sent', subject, error: null, sentAt: new Date(), attempts: { increment: 1 } },
    });
  }

  /** No mail server: the rendered message stays here for admins to read. */
  async markStored(id: string, message: { subject: string; html: string; text: string }): Promise<void> {
    await this.prisma.mailLog.update({
      where: { id },
      data: { status: 'stored', ...message, error: null, sentAt: new Date(), attempts: { increment: 1 } },
    });
  }

  /** Records a failed attempt; `final` marks the row failed, otherwise it stays queued for a retry. */
  async recordFailure(id: string, subject: string | null, error: string, final: boolean): Promise<void> {
    await this.prisma.mailLog.update({
      where: { id },
      data: {
        subject,
        error: error.slice(0, 1000),
        attempts: { increment: 1 },
        ...(final ? { status: 'failed' } : {}),
      },
    });
  }

  /** Queued rows never handed to the queue, or handed over so long ago they must have been lost. */
  findStranded(olderThan: Date, limit = 100) {
    return this.prisma.mailLog.findMany({
      where: {
        status: 'queued',
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

  async page(page: number, pageSize: number, filter: { status?: MailStatus; search?: string } = {}) {
    const search = filter.search?.trim();
    const where = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(search
        ? {
            OR: [
              { to: { contains: search, mode: 'insensitive' as const } },
              { subject: { contains: search, mode: 'insensitive' as const } },
            ],
          }
        : {}),
    };
    const [entries, total] = await Promise.all([
      this.prisma.mailLog.findMany({
        where,
        orderBy: { createdAt: 'desc' },
        skip: (page - 1) * pageSize,
        take: pageSize,
      }),
      this.prisma.mailLog.count({ where }),
    ]);
    return { entries, total };
  }
}

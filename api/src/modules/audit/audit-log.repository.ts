import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: Date;
  /** Exclusive. */
  before?: Date;
}

/** The only file that touches `audit_log`. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly prisma: PrismaService) {}

  insert(data: Prisma.AuditLogEntryUncheckedCreateInput, tx: TransactionClient = this.prisma) {
    return tx.auditLogEntry.create({ data });
  }

  async page(filter: AuditFilter, page: number, pageSize: number) {
    const where: Prisma.AuditLogEntryWhereInput = {
      ...(filter.actor ? { actorEmail: { contains: filter.actor, mode: 'insensitive' } } : {}),
      // One action, or every action of an area ("user" → user.*).
      ...(filter.action
        ? filter.action.includes('.')
          ? { action: filter.action }
          : { action: { startsWith: `${filter.action}.` } }
        : {}),
      ...(filter.from || filter.before
        ? {
            createdAt: {
              ...(filter.from ? { gte: filter.from } : {}),
              ...(filter.before ? { lt: filter.before } : {}),
            },
          }
        : {}),
    };
    const [entries, total] = await this.prisma.$transaction([
      this.prisma.auditLogEntry.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * pageSize,
        take: pageSize,
      }),
      this.prisma.auditLogEntry.count({ where }),
    ]);
    return { entries, total };
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    return (await this.prisma.auditLogEntry.deleteMany({ where: { createdAt: { lt: cutoff } } })).count;
  }
}

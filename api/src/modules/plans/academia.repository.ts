import { Injectable } from '@nestjs/common';
import type { AcademiaApplicationBody } from '@loopwright/contracts';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

export const applicationSelect = {
  id: true,
  userId: true,
  workspaceId: true,
  educatorEmail: true,
  courseName: true,
  studentsCount: true,
  lessonPlan: true,
  examCurriculum: true,
  motivation: true,
  backlinkAcknowledged: true,
  backlinkUrl: true,
  status: true,
  createdAt: true,
  decidedAt: true,
  backlinkDueAt: true,
  backlinkConfirmedAt: true,
  warningSentAt: true,
  revertedAt: true,
  user: { select: { email: true, username: true } },
} as const satisfies Prisma.AcademiaApplicationSelect;
export type ApplicationRow = Prisma.AcademiaApplicationGetPayload<{ select: typeof applicationSelect }>;
type Status = ApplicationRow['status'];

/** The only file that touches academia_applications. */
@Injectable()
export class AcademiaRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(
    userId: string,
    workspaceId: string,
    body: Omit<AcademiaApplicationBody, 'studentsCount'> & { studentsCount: number },
    tx: TransactionClient = this.prisma,
  ) {
    return tx.academiaApplication.create({
      data: { userId, workspaceId, ...body, backlinkAcknowledged: true },
      select: applicationSelect,
    });
  }

  latestForUser(userId: string, tx: TransactionClient = this.prisma) {
    return tx.academiaApplication.findFirst({
      where: { userId },
      orderBy: { createdAt: 'desc' },
      select: applicationSelect,
    });
  }

  hasPending(userId: string, tx: TransactionClient = this.prisma) {
    return tx.academiaApplication.count({ where: { userId, status: 'pending' } }).then((n) => n > 0);
  }

  list(status?: Status) {
    return this.prisma.academiaApplication.findMany({
      where: status ? { status } : {},
      orderBy: { createdAt: 'desc' },
      take: 200,
      select: applicationSelect,
    });
  }

  find(id: string, tx: TransactionClient = this.prisma) {
    return tx.academiaApplication.findUnique({ where: { id }, select: applicationSelect });
  }

  /** Changes the row only while it is in `from` (a second decision or job run changes nothing). */
  async transition(
    id: string,
    from: Status,
    data: Prisma.AcademiaApplicationUpdateManyMutationInput,
    tx: TransactionClient,
  ): Promise<boolean> {
    return (await tx.academiaApplication.updateMany({ where: { id, status: from }, data })).count === 1;
  }

  async markWarned(id: string, now: Date, tx: TransactionClient): Promise<boolean> {
    return (
      (
        await tx.academiaApplication.updateMany({
          where: { id, status: 'approved', warningSentAt: null, backlinkConfirmedAt: null },
          data: { warningSentAt: now },
        })
      ).count === 1
    );
  }

  async setBacklink(id: string, backlinkUrl: string) {
    return this.prisma.academiaApplication.update({ where: { id }, data: { backlinkUrl }, select: applicationSelect });
  }

  /** Approved, unconfirmed applications whose deadline is within `warnBefore` (not yet warned). */
  dueWarnings(now: Date, warnFrom: Date) {
    return this.prisma.academiaApplication.findMany({
      where: {
        status: 'approved',
        backlinkConfirmedAt: null,
        warningSentAt: null,
        backlinkDueAt: { lte: warnFrom, gt: now },
      },
      select: { id: true, userId: true },
      take: 500,
    });
  }

  dueReversions(now: Date) {
    return this.prisma.academiaApplication.findMany({
      where: { status: 'approved', backlinkConfirmedAt: null, backlinkDueAt: { lte: now } },
      select: { id: true, userId: true, workspaceId: true },
      take: 500,
    });
  }
}

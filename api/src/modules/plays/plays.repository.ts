import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

const author = { select: { id: true, username: true, firstName: true, lastName: true } } as const;
export const playSummary = {
  id: true,
  diagramId: true,
  authorId: true,
  kind: true,
  status: true,
  name: true,
  diagramVersion: true,
  seed: true,
  runs: true,
  completedRuns: true,
  steps: true,
  totalSteps: true,
  endReasons: true,
  server: true,
  error: true,
  createdAt: true,
  finishedAt: true,
  author,
  diagram: { select: { fuid: true, name: true } },
} as const satisfies Prisma.PlaySelect;
export type PlayRow = Prisma.PlayGetPayload<{ select: typeof playSummary }>;

@Injectable()
export class PlaysRepository {
  constructor(private readonly prisma: PrismaService) {}

  async list(diagramId: string, kind: PlayRow['kind'] | undefined, skip: number, take: number) {
    const where = { diagramId, ...(kind ? { kind } : {}) };
    const [rows, total] = await Promise.all([
      this.prisma.play.findMany({
        where,
        select: playSummary,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
      }),
      this.prisma.play.count({ where }),
    ]);
    return { rows, total };
  }

  find(diagramId: string, id: string) {
    return this.prisma.play.findFirst({
      where: { id, diagramId },
      select: { ...playSummary, series: true, stats: true, options: true },
    });
  }

  /** The play with what a batch job needs (its document snapshot and options). */
  findForJob(id: string) {
    return this.prisma.play.findUnique({ where: { id }, select: { ...playSummary, options: true } });
  }

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  create(data: Prisma.PlayUncheckedCreateInput, tx: TransactionClient) {
    return tx.play.create({ data, select: { ...playSummary, series: true, stats: true } });
  }

  /** How many plays were deleted (0 or 1). */
  async delete(diagramId: string, id: string, tx: TransactionClient): Promise<number> {
    return (await tx.play.deleteMany({ where: { id, diagramId } })).count;
  }

  countActiveBatches(authorId: string) {
    return this.prisma.play.count({ where: { authorId, server: true, status: { in: ['queued', 'running'] } } });
  }

  /** Moves a play from one of `from` to the new state; false when it was not in one of them. */
  async transition(
    id: string,
    from: ('queued' | 'running')[],
    data: Prisma.PlayUncheckedUpdateManyInput,
    tx: TransactionClient = this.prisma,
  ): Promise<boolean> {
    const { count } = await tx.play.updateMany({ where: { id, status: { in: from } }, data });
    return count > 0;
  }

  async status(id: string): Promise<string | null> {
    return (await this.prisma.play.findUnique({ where: { id }, select: { status: true } }))?.status ?? null;
  }

  /** Server batches and studies not finished (queued or running), oldest first, with when they were created. */
  unfinishedServerPlays() {
    return this.prisma.play.findMany({
      where: { server: true, status: { in: ['queued', 'running'] } },
      select: { id: true, status: true, createdAt: true },
      orderBy: { createdAt: 'asc' },
      take: 500,
    });
  }

  /** Adds keys to a play's options (read, merged, written: only the simulations job writes a running play's options). */
  async mergeOptions(id: string, extra: Record<string, unknown>): Promise<void> {
    const row = await this.prisma.play.findUnique({ where: { id }, select: { options: true } });
    if (!row) return;
    await this.prisma.play.update({
      where: { id },
      data: { options: { ...(row.options as Record<string, unknown>), ...extra } as Prisma.InputJsonValue },
    });
  }

  /** Raises a running play's completed runs (never lowers them: blocks report from several workers at once). */
  async progress(id: string, completedRuns: number): Promise<void> {
    await this.prisma.play.updateMany({
      where: { id, status: 'running', completedRuns: { lt: completedRuns } },
      data: { completedRuns },
    });
  }
}

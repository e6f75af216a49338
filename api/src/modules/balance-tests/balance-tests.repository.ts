import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

const HISTORY = 20;
export const balanceTestSelect = {
  id: true,
  name: true,
  nodeId: true,
  step: true,
  min: true,
  max: true,
  share: true,
  runs: true,
  seed: true,
  createdAt: true,
  diagramId: true,
  diagram: { select: { fuid: true, name: true, version: true } },
  results: {
    orderBy: { createdAt: 'desc' },
    take: HISTORY,
    select: {
      id: true,
      diagramVersion: true,
      passed: true,
      observedShare: true,
      runs: true,
      origin: true,
      createdAt: true,
    },
  },
} as const satisfies Prisma.BalanceTestSelect;
export type BalanceTestRow = Prisma.BalanceTestGetPayload<{ select: typeof balanceTestSelect }>;

export interface NewBalanceTest {
  name: string;
  nodeId: string;
  step: number | null;
  min: number | null;
  max: number | null;
  share: number;
  runs: number;
  seed: number;
}

@Injectable()
export class BalanceTestsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(diagramId: string, createdById: string, data: NewBalanceTest): Promise<BalanceTestRow> {
    return this.prisma.balanceTest.create({ data: { ...data, diagramId, createdById }, select: balanceTestSelect });
  }

  find(id: string): Promise<BalanceTestRow | null> {
    return this.prisma.balanceTest.findFirst({
      where: { id, diagram: { deletedAt: null } },
      select: balanceTestSelect,
    });
  }

  forDiagram(diagramId: string): Promise<BalanceTestRow[]> {
    return this.prisma.balanceTest.findMany({
      where: { diagramId },
      select: balanceTestSelect,
      orderBy: { createdAt: 'asc' },
    });
  }

  /** The Tests list: tests I wrote, and tests on diagrams of my workspace. */
  mine(userId: string, workspaceId: string): Promise<BalanceTestRow[]> {
    return this.prisma.balanceTest.findMany({
      where: { diagram: { deletedAt: null }, OR: [{ createdById: userId }, { diagram: { workspaceId } }] },
      select: balanceTestSelect,
      orderBy: [{ updatedAt: 'desc' }],
      take: 500,
    });
  }

  async delete(id: string): Promise<void> {
    await this.prisma.balanceTest.delete({ where: { id } });
  }

  /** Stores a run's result (and touches the test) inside the caller's transaction. */
  async recordResult(
    tx: TransactionClient,
    testId: string,
    data: {
      diagramVersion: number;
      passed: boolean;
      observedShare: number;
      runs: number;
      ranById: string;
      origin: string;
    },
  ) {
    const result = await tx.balanceTestRun.create({
      data: { testId, ...data },
      select: {
        id: true,
        diagramVersion: true,
        passed: true,
        observedShare: true,
        runs: true,
        origin: true,
        createdAt: true,
      },
    });
    await tx.balanceTest.update({ where: { id: testId }, data: { updatedAt: new Date() }, select: { id: true } });
    return result;
  }
}

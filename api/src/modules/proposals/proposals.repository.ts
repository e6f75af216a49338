import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { userRef } from '../diagrams/diagram-meta.js';

const diagramRef = { select: { id: true, fuid: true, name: true, ownerId: true } } as const;
export const proposalSelect = {
  id: true,
  status: true,
  message: true,
  sourceId: true,
  copyId: true,
  proposerId: true,
  baseVersion: true,
  resultVersion: true,
  createdAt: true,
  decidedAt: true,
  source: diagramRef,
  copy: diagramRef,
  proposer: userRef,
  decidedBy: userRef,
} as const satisfies Prisma.DiagramProposalSelect;
export type ProposalRow = Prisma.DiagramProposalGetPayload<{ select: typeof proposalSelect }>;

/** diagram_proposals: the only file that touches them. */
@Injectable()
export class ProposalsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(id: string) {
    return this.prisma.diagramProposal.findUnique({
      where: { id },
      select: { ...proposalSelect, baseDocument: true, proposedDocument: true },
    });
  }

  openFromCopy(copyId: string, tx: TransactionClient) {
    return tx.diagramProposal.findFirst({ where: { copyId, status: 'open' }, select: { id: true } });
  }

  create(tx: TransactionClient, data: Prisma.DiagramProposalUncheckedCreateInput): Promise<ProposalRow> {
    return tx.diagramProposal.create({ data, select: proposalSelect });
  }

  /** A newer proposal from the same copy replaces the open one's content. */
  refresh(
    tx: TransactionClient,
    id: string,
    data: Pick<
      Prisma.DiagramProposalUncheckedUpdateInput,
      'message' | 'baseVersion' | 'baseDocument' | 'proposedDocument'
    >,
  ): Promise<ProposalRow> {
    return tx.diagramProposal.update({ where: { id }, data, select: proposalSelect });
  }

  /** Accepts or declines only while open; false: someone decided first. */
  async decide(
    tx: TransactionClient,
    id: string,
    data: { status: 'accepted' | 'declined'; decidedById: string; resultVersion: number | null },
  ): Promise<boolean> {
    const { count } = await tx.diagramProposal.updateMany({
      where: { id, status: 'open' },
      data: { ...data, decidedAt: new Date() },
    });
    return count === 1;
  }

  findView(id: string, tx: TransactionClient = this.prisma): Promise<ProposalRow | null> {
    return tx.diagramProposal.findUnique({ where: { id }, select: proposalSelect });
  }

  list(where: Prisma.DiagramProposalWhereInput): Promise<ProposalRow[]> {
    return this.prisma.diagramProposal.findMany({
      where,
      select: proposalSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
    });
  }
}

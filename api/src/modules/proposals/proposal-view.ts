import type { Proposal } from '@loopwright/contracts';
import { userRefView } from '../diagrams/diagram-view.js';
import type { ProposalRow } from './proposals.repository.js';

export function proposalView(row: ProposalRow): Proposal {
  return {
    id: row.id,
    status: row.status,
    message: row.message,
    source: { fuid: row.source.fuid, name: row.source.name },
    copy: { fuid: row.copy.fuid, name: row.copy.name },
    proposer: userRefView(row.proposer),
    decidedBy: row.decidedBy ? userRefView(row.decidedBy) : null,
    baseVersion: row.baseVersion,
    resultVersion: row.resultVersion,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

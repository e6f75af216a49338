import type { BodyOf, proposalEndpoints } from '@loopwright/contracts';
import { api } from '../../../lib/api-client';

type P = typeof proposalEndpoints;
export type { MergeConflictView, Proposal, ProposalDetail } from '@loopwright/contracts';

/** Merging a copy back (packages/contracts/src/proposals.ts). */
export const proposalsApi = {
  propose: (fuid: string, body: BodyOf<P['propose']>) =>
    api.proposal.propose({ params: { fuid }, body }).then((r) => r.proposal),
  list: (fuid: string) => api.proposal.list({ params: { fuid } }),
  get: (id: string) => api.proposal.get({ params: { id } }).then((r) => r.proposal),
  accept: (id: string, body: BodyOf<P['accept']>) => api.proposal.accept({ params: { id }, body }),
  decline: (id: string) => api.proposal.decline({ params: { id } }).then((r) => r.proposal),
};

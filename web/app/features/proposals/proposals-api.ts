import type { BodyOf, ContentOf, proposalEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type P = typeof proposalEndpoints;
export type { MergeConflictView, Proposal, ProposalDetail } from '@loopwright/contracts';

/** Merging a copy back (packages/contracts/src/proposals.ts). */
export const proposalsApi = {
  propose: (fuid: string, body: BodyOf<P['propose']>) =>
    api.post<ContentOf<P['propose']>>(`/diagrams/${encodeURIComponent(fuid)}/proposals`, body).then((r) => r.proposal),
  list: (fuid: string) => api.get<ContentOf<P['list']>>(`/diagrams/${encodeURIComponent(fuid)}/proposals`),
  get: (id: string) => api.get<ContentOf<P['get']>>(`/proposals/${id}`).then((r) => r.proposal),
  accept: (id: string, body: BodyOf<P['accept']>) => api.post<ContentOf<P['accept']>>(`/proposals/${id}/accept`, body),
  decline: (id: string) => api.post<ContentOf<P['decline']>>(`/proposals/${id}/decline`, {}).then((r) => r.proposal),
};

/** Texts of merging a copy back (proposals). */
export const ProposalTexts = {
  notFound: 'This proposal does not exist or is not yours to see',
  notACopy: 'Only a copy of a diagram you can still open can propose changes to it',
  noChanges: 'This copy has no changes to propose',
  decided: 'This proposal was already accepted or declined',
  sourceMoved: 'The diagram changed while you were reviewing. Review the proposal again.',
  proposed: 'Proposed changes to {name}',
  received: '{person} proposed changes to {name}',
  accepted: '{person} accepted your changes to {name}',
  declined: '{person} declined your changes to {name}',
} as const;

export const ProposalErrorCode = {
  PROPOSAL_NOT_FOUND: 'PROPOSAL_NOT_FOUND',
  PROPOSAL_NOT_A_COPY: 'PROPOSAL_NOT_A_COPY',
  PROPOSAL_NO_CHANGES: 'PROPOSAL_NO_CHANGES',
  PROPOSAL_DECIDED: 'PROPOSAL_DECIDED',
  PROPOSAL_SOURCE_MOVED: 'PROPOSAL_SOURCE_MOVED',
} as const;

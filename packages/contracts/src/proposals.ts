import { z } from 'zod';
import { diagramDiffSchema } from './compare.js';
import { diagramDocumentSchema, fuidParams, saveResultSchema, userRefSchema } from './diagrams.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';

export const PROPOSAL_STATUSES = ['open', 'accepted', 'declined'] as const;
const diagramRef = z.object({ fuid: z.string(), name: z.string() });

export const proposalSchema = z
  .object({
    id: z.string(),
    status: z.enum(PROPOSAL_STATUSES),
    message: z.string(),
    source: diagramRef,
    copy: diagramRef,
    proposer: userRefSchema,
    decidedBy: userRefSchema.nullable(),
    /** The source's version the copy was made from (or last merged back into). */
    baseVersion: z.number().int(),
    /** The source's version the accepted merge made. */
    resultVersion: z.number().int().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'Proposal' });

/** Both sides changed the same property since the base: the reviewer keeps the source's value or takes the copy's. */
export const mergeConflictSchema = z.object({
  key: z.string(),
  kind: z.enum(['node', 'connection', 'variable', 'settings']),
  id: z.string(),
  name: z.string(),
  /** The property, or "*" when one side removed the element and the other changed it. */
  field: z.string(),
  base: z.unknown(),
  ours: z.unknown().meta({ description: "The source's current value (null: removed)" }),
  theirs: z.unknown().meta({ description: "The copy's value (null: removed)" }),
});

export const proposalDetailSchema = proposalSchema.extend({
  /** The source's version now: accepting merges into it, and only into it. */
  sourceVersion: z.number().int(),
  base: diagramDocumentSchema,
  proposed: diagramDocumentSchema,
  current: diagramDocumentSchema,
  /** What the copy changed since the base. */
  diff: diagramDiffSchema,
  conflicts: z.array(mergeConflictSchema),
  /** Connections the merge leaves out because a node at one end is gone. */
  dropped: z.array(z.string()),
  /** May the caller accept or decline (owner or editor of the source, while open)? */
  canDecide: z.boolean(),
});

export const MERGE_SIDES = ['ours', 'theirs'] as const;
export const proposeBodySchema = z.object({ message: z.string().trim().max(2000).default('') });
export const acceptProposalBodySchema = z.object({
  sourceVersion: z.int32().min(0),
  /** conflict key → "ours" (keep the source's value) or "theirs" (take the copy's); unchosen: ours. */
  choices: z.record(z.string().max(400), z.enum(MERGE_SIDES)).default({}),
});
const proposalParams = z.object({ id: z.string().uuid() });

const tag = 'proposals';
export const proposalEndpoints = {
  propose: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/proposals',
    summary: 'Propose the changes of my copy to the diagram it was copied from',
    tag,
    params: fuidParams,
    body: proposeBodySchema,
    responses: { 201: envelope(z.object({ proposal: proposalSchema })) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/proposals',
    summary: 'Proposals received by this diagram (owner, editors) and sent from it (its owner), newest first',
    tag,
    params: fuidParams,
    responses: {
      200: envelope(z.object({ received: z.array(proposalSchema), sent: z.array(proposalSchema) })),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/proposals/:id',
    summary: 'A proposal with its diff against the base and its conflicts with the source now',
    tag,
    params: proposalParams,
    responses: { 200: envelope(z.object({ proposal: proposalDetailSchema })) },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/proposals/:id/accept',
    summary: 'Merge a proposal into its source (a new version) with a choice per conflict; the proposer is told',
    tag,
    params: proposalParams,
    body: acceptProposalBodySchema,
    responses: { 200: envelope(z.object({ proposal: proposalSchema, save: saveResultSchema })) },
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/proposals/:id/decline',
    summary: 'Decline a proposal; the proposer is told',
    tag,
    params: proposalParams,
    responses: { 200: envelope(z.object({ proposal: proposalSchema })) },
  }),
};

export type Proposal = z.infer<typeof proposalSchema>;
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;
export type MergeConflictView = z.infer<typeof mergeConflictSchema>;

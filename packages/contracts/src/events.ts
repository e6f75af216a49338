import { z } from 'zod';

/**
 * Domain events: facts that already happened, written to the outbox (domain_events) in the same
 * transaction as the change, then delivered at least once to each consumer (notifications, mail,
 * later the activity feed and webhooks). Add a type here first; the payload is validated when it
 * is written and again when it is delivered.
 */
const id = z.string().uuid();
const diagramRef = { diagramId: id, fuid: z.string(), diagramName: z.string() };

/** A comment written or edited: where, by whom, whom it mentions, and its first 200 characters. */
const commentEvent = z.object({
  ...diagramRef,
  threadId: id,
  commentId: id,
  authorId: id,
  mentionedIds: z.array(id),
  excerpt: z.string(),
});

export const domainEventSchemas = {
  /** A diagram was shared with a person by e-mail (they may not have an account yet). */
  DiagramShared: z.object({
    ...diagramRef,
    sharedById: id,
    email: z.string().email(),
    role: z.enum(['viewer', 'editor']),
  }),
  /** A diagram became public on community. */
  DiagramPublished: z.object({ ...diagramRef, ownerId: id }),
  /** Someone made a copy (Duplicate, Make a Copy, fork) of a diagram. */
  DiagramCopied: z.object({ ...diagramRef, copyFuid: z.string(), copiedById: id, sourceOwnerId: id }),
  /** The owner of a copy proposed its changes to the source; the source's owner is told. */
  ProposalOpened: z.object({ ...diagramRef, proposalId: id, proposerId: id, sourceOwnerId: id }),
  /** A proposal was merged into its source (a new version) or declined; the proposer is told. */
  ProposalDecided: z.object({
    ...diagramRef,
    proposalId: id,
    proposerId: id,
    decidedById: id,
    accepted: z.boolean(),
    copyFuid: z.string(),
  }),
  /**
   * Someone wrote a comment on a diagram (a new thread or a reply). `mentionedIds`: the people the
   * comment @mentions (each has access; they are notified and e-mailed). Webhooks subscribe to it too.
   */
  CommentAdded: commentEvent,
  /** Someone edited their comment and mentioned more people (`mentionedIds`: only the new ones). */
  CommentEdited: commentEvent,
  /** Someone liked a diagram (community issue). */
  DiagramLiked: z.object({ ...diagramRef, likedById: id, ownerId: id }),
  /** Someone followed a designer (community issue). */
  UserFollowed: z.object({ followerId: id, followedId: id }),
  /** A workspace's subscription changed state (plans issue). */
  SubscriptionChanged: z.object({
    workspaceId: id,
    /** The owner of the workspace (who is told). */
    ownerId: id,
    plan: z.string(),
    planDisplayName: z.string(),
    previousPlan: z.string().nullable(),
    status: z.string(),
    previousStatus: z.string().nullable(),
    /** Why: trial_started, trial_expired, academia_approved, academia_reverted, stripe, admin, downgraded… */
    reason: z.string(),
  }),
  /** An Academia application was decided, or its backlink deadline is near (plans issue). */
  AcademiaApplicationChanged: z.object({
    applicationId: id,
    userId: id,
    change: z.enum(['submitted', 'approved', 'rejected', 'backlink_warning', 'reverted']),
  }),
  /** Someone was invited into a team workspace (teams issue). */
  MemberInvited: z.object({
    workspaceId: id,
    workspaceName: z.string(),
    email: z.string().email(),
    invitedById: id,
    invitationId: id.optional(),
  }),
  /** An owner removed someone from a team workspace, for good. */
  MemberRemoved: z.object({ workspaceId: id, workspaceName: z.string(), userId: id }),
  /** A diagram was created from scratch (copies are DiagramCopied) (community: Recent Activity). */
  DiagramCreated: z.object({ ...diagramRef, ownerId: id }),
  /** A save started a new burst of changes to a diagram (one event per version-history entry, not per autosave). */
  DiagramUpdated: z.object({ ...diagramRef, updatedById: id }),
  /** A public diagram was published as a template (listed under "new templates"). */
  TemplatePublished: z.object({ ...diagramRef, publishedById: id, templateType: z.string().nullable() }),
  /** An admin withdrew a published template (no longer listed under "new templates"). */
  TemplateWithdrawn: z.object({ ...diagramRef, withdrawnById: id }),
  /** The community.trending job found a new trending diagram, designer or template. */
  CommunityTrending: z.object({ kind: z.enum(['diagram', 'user', 'template']), subjectId: id, period: z.string() }),
  /** A server batch (multiple run) or balance study ended. */
  BatchFinished: z.object({
    playId: id,
    /** What ran: a multiple run (the default) or a balance study. */
    kind: z.enum(['multiple', 'study']).optional(),
    fuid: z.string(),
    diagramName: z.string(),
    authorId: id.nullable(),
    runs: z.number().int(),
    status: z.enum(['done', 'failed']),
  }),
  /** A webhook's deliveries failed too many times in a row: it was disabled (its owner is notified). */
  WebhookDisabled: z.object({ webhookId: id, url: z.string(), ownerId: id, failures: z.number().int() }),
  /** A balance test run did not pass (webhooks: balance_test.failed). */
  BalanceTestFailed: z.object({
    ...diagramRef,
    testId: id,
    testName: z.string(),
    diagramVersion: z.number().int(),
    observedShare: z.number(),
    share: z.number(),
    ranById: id,
  }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export const domainEventTypes = Object.keys(domainEventSchemas) as DomainEventType[];
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;
/** One event as producers write it and consumers receive it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { type: K; payload: DomainEventPayload<K> };
}[T];

export function parseDomainEvent(type: string, payload: unknown): DomainEvent {
  if (!(type in domainEventSchemas)) throw new Error(`unknown domain event type ${type}`);
  const schema = domainEventSchemas[type as DomainEventType] as z.ZodType;
  return { type, payload: schema.parse(payload) } as DomainEvent;
}

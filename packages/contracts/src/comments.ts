import { z } from 'zod';
import { fuidParams } from './diagrams.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';

/** The longest comment (characters) and the most people one comment may mention. */
export const COMMENT_MAX_LENGTH = 5000;
export const COMMENT_MAX_MENTIONS = 20;
export const COMMENT_THREAD_STATUSES = ['open', 'resolved', 'all'] as const;

export const commentPersonSchema = z
  .object({ id: z.string(), name: z.string(), username: z.string().nullable() })
  .meta({ id: 'CommentPerson' });

export const commentSchema = z
  .object({
    id: z.string(),
    author: commentPersonSchema,
    body: z.string(),
    /** People the comment mentions (each was told by a notification and an e-mail). */
    mentions: z.array(commentPersonSchema),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
  })
  .meta({ id: 'Comment' });

/** Where a thread is pinned: an element (node or connection) of the diagram, or a point on the canvas. */
export const commentTargetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('element'),
    elementId: z.string().trim().min(1).max(200),
    elementKind: z.enum(['node', 'connection']),
  }),
  z.object({ kind: z.literal('point') }),
]);

export const commentThreadSchema = z
  .object({
    id: z.string(),
    target: z.union([
      z.object({ kind: z.literal('element'), elementId: z.string(), elementKind: z.enum(['node', 'connection']) }),
      z.object({ kind: z.literal('point') }),
    ]),
    /** Canvas coordinates: the point, or where the element was when the thread began (kept if it is removed). */
    x: z.number(),
    y: z.number(),
    resolved: z.boolean(),
    resolvedBy: commentPersonSchema.nullable(),
    resolvedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Oldest first; the first one opened the thread. */
    comments: z.array(commentSchema),
  })
  .meta({ id: 'CommentThread' });

const coordinate = z.number().finite().min(-1e7).max(1e7);
const bodySchema = z.string().trim().min(1, 'Write a comment first').max(COMMENT_MAX_LENGTH);
const mentionsSchema = z.array(z.string().uuid()).max(COMMENT_MAX_MENTIONS).default([]);

export const newCommentThreadBodySchema = z.object({
  target: commentTargetSchema,
  x: coordinate,
  y: coordinate,
  body: bodySchema,
  /** User ids of the people mentioned with @; each must have access to the diagram. */
  mentions: mentionsSchema,
});
export const commentBodySchema = z.object({ body: bodySchema, mentions: mentionsSchema });
export const commentThreadsQuerySchema = z.object({ status: z.enum(COMMENT_THREAD_STATUSES).default('all') });

const threadParams = fuidParams.extend({ threadId: z.string().uuid() });
const commentParams = fuidParams.extend({ commentId: z.string().uuid() });
const threadAnswer = envelope(z.object({ thread: commentThreadSchema }));

const tag = 'comments';
export const commentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/comment-threads',
    summary: 'The comment threads of a diagram, newest first (anyone who may view the diagram)',
    tag,
    public: true,
    params: fuidParams,
    query: commentThreadsQuerySchema,
    responses: {
      200: envelope(
        z.object({
          threads: z.array(commentThreadSchema),
          /** May the caller write (owner and editors)? Viewers read only. */
          canWrite: z.boolean(),
        }),
      ),
    },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/comment-threads',
    summary: 'Start a comment thread pinned to an element or a point (owner and editors); mentioned people are told',
    tag,
    params: fuidParams,
    body: newCommentThreadBodySchema,
    responses: { 201: threadAnswer },
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/comment-threads/:threadId/comments',
    summary: 'Reply in a thread (owner and editors); mentioned people are told',
    tag,
    params: threadParams,
    body: commentBodySchema,
    responses: { 201: threadAnswer },
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/comment-threads/:threadId/resolve',
    summary: 'Resolve a thread (owner and editors)',
    tag,
    params: threadParams,
    responses: { 200: threadAnswer },
  }),
  reopen: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/comment-threads/:threadId/reopen',
    summary: 'Reopen a resolved thread (owner and editors)',
    tag,
    params: threadParams,
    responses: { 200: threadAnswer },
  }),
  edit: defineEndpoint({
    method: 'PATCH',
    path: '/diagrams/:fuid/comments/:commentId',
    summary: 'Edit your own comment; people newly mentioned are told',
    tag,
    params: commentParams,
    body: commentBodySchema,
    responses: { 200: threadAnswer },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/diagrams/:fuid/comments/:commentId',
    summary: 'Delete your own comment (a thread left without comments goes too)',
    tag,
    params: commentParams,
    responses: { 200: envelope(z.object({ thread: commentThreadSchema.nullable(), threadId: z.string() })) },
  }),
  people: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/mentionable-people',
    summary: 'The people who have access to the diagram, to @mention in a comment (owner and editors)',
    tag,
    params: fuidParams,
    responses: { 200: envelope(z.object({ people: z.array(commentPersonSchema) })) },
  }),
};

/** Pushed live to the diagram's room (`RealtimeEvents.comments`) after every change of a thread. */
export interface CommentThreadChanged {
  fuid: string;
  change: 'added' | 'replied' | 'resolved' | 'reopened' | 'edited' | 'deleted';
  threadId: string;
  /** The thread after the change; null when it was deleted. */
  thread: CommentThread | null;
  by: { id: string };
}

export type Comment = z.infer<typeof commentSchema>;
export type CommentThread = z.infer<typeof commentThreadSchema>;
export type CommentPerson = z.infer<typeof commentPersonSchema>;
export type CommentTarget = z.infer<typeof commentTargetSchema>;

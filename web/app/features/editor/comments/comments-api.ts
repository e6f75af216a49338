import type { BodyOf, commentEndpoints } from '@loopwright/contracts';
import { api } from '../../../lib/api-client';

type C = typeof commentEndpoints;
export type { Comment, CommentPerson, CommentTarget, CommentThread, CommentThreadChanged } from '@loopwright/contracts';

/** Comments on a diagram (packages/contracts/src/comments.ts). */
export const commentsApi = {
  list: (fuid: string) => api.comment.list({ params: { fuid }, query: { status: 'all' } }),
  create: (fuid: string, body: BodyOf<C['create']>) =>
    api.comment.create({ params: { fuid }, body }).then((r) => r.thread),
  reply: (fuid: string, threadId: string, body: BodyOf<C['reply']>) =>
    api.comment.reply({ params: { fuid, threadId }, body }).then((r) => r.thread),
  resolve: (fuid: string, threadId: string) =>
    api.comment.resolve({ params: { fuid, threadId } }).then((r) => r.thread),
  reopen: (fuid: string, threadId: string) => api.comment.reopen({ params: { fuid, threadId } }).then((r) => r.thread),
  edit: (fuid: string, commentId: string, body: BodyOf<C['edit']>) =>
    api.comment.edit({ params: { fuid, commentId }, body }).then((r) => r.thread),
  remove: (fuid: string, commentId: string) => api.comment.remove({ params: { fuid, commentId } }),
  people: (fuid: string) => api.comment.people({ params: { fuid } }).then((r) => r.people),
};

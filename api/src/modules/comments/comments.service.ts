import { Injectable } from '@nestjs/common';
import {
  CommentErrorCode,
  RealtimeEvents,
  type CommentPerson,
  type CommentTarget,
  type CommentThread,
  type CommentThreadChanged,
} from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import type { DiagramMeta } from '../diagrams/diagram-meta.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { mentionedIn, personView, threadView } from './comment-view.js';
import { CommentsRepository, type ThreadRow } from './comments.repository.js';

const EXCERPT = 200;
const excerpt = (body: string) => (body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body);

/**
 * Comments on a diagram: threads pinned to an element or a point, replies, resolve and reopen,
 * editing and deleting one's own comments. Whoever may view the diagram reads them; owner and
 * editors write. Every call asks DiagramAccessService and checks that the thread or comment
 * belongs to the diagram named in the path. A comment's @mentions must name people who have
 * access to the diagram (anyone else is refused); they are told through the CommentAdded event.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly access: DiagramAccessService,
    private readonly events: DomainEventsService,
    private readonly realtime: RealtimePublisher,
  ) {}

  async list(
    fuid: string,
    caller: Caller | undefined,
    status: 'open' | 'resolved' | 'all',
  ): Promise<{ threads: CommentThread[]; canWrite: boolean }> {
    const { diagram, access } = await this.access.require(fuid, caller, 'viewer');
    const rows = await this.comments.listThreads(diagram.id, status);
    const people = await this.named(mentionedIn(rows));
    return {
      threads: rows.map((row) => threadView(row, people)),
      canWrite: !!caller && DiagramAccessService.allows(access, 'editor'),
    };
  }

  /** People who have access to the diagram and may be @mentioned (for writers). */
  async people(fuid: string, caller: Caller): Promise<CommentPerson[]> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    return this.mentionable(diagram);
  }

  async create(
    fuid: string,
    caller: Caller,
    input: { target: CommentTarget; x: number; y: number; body: string; mentions: string[] },
  ): Promise<CommentThread> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const mentionIds = await this.checkMentions(diagram, input.mentions);
    const element = input.target.kind === 'element' ? input.target : null;
    const threadId = await this.events.transaction(async (tx, emit) => {
      const ids = await this.comments.createThread(
        tx,
        {
          diagramId: diagram.id,
          elementId: element?.elementId ?? null,
          elementKind: element?.elementKind ?? null,
          x: input.x,
          y: input.y,
          createdById: caller.userId,
        },
        { authorId: caller.userId, body: input.body, mentionIds },
      );
      await emit(this.added(diagram, ids.threadId, ids.commentId, caller, mentionIds, input.body));
      return ids.threadId;
    });
    return this.pushed(diagram, threadId, 'added', caller);
  }

  async reply(
    fuid: string,
    threadId: string,
    caller: Caller,
    input: { body: string; mentions: string[] },
  ): Promise<CommentThread> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    await this.threadOf(diagram, threadId);
    const mentionIds = await this.checkMentions(diagram, input.mentions);
    await this.events.transaction(async (tx, emit) => {
      const commentId = await this.comments.addComment(tx, threadId, {
        authorId: caller.userId,
        body: input.body,
        mentionIds,
      });
      await emit(this.added(diagram, threadId, commentId, caller, mentionIds, input.body));
    });
    return this.pushed(diagram, threadId, 'replied', caller);
  }

  async setResolved(fuid: string, threadId: string, caller: Caller, resolved: boolean): Promise<CommentThread> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const thread = await this.threadOf(diagram, threadId);
    if (!!thread.resolvedAt === resolved) return threadView(thread, await this.named(mentionedIn([thread])));
    await this.comments.setResolved(threadId, resolved ? caller.userId : null);
    return this.pushed(diagram, threadId, resolved ? 'resolved' : 'reopened', caller);
  }

  /** Edits the caller's own comment; people it newly mentions are told (CommentEdited). */
  async edit(
    fuid: string,
    commentId: string,
    caller: Caller,
    input: { body: string; mentions: string[] },
  ): Promise<CommentThread> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const comment = await this.ownComment(diagram, commentId, caller);
    const mentionIds = await this.checkMentions(diagram, input.mentions);
    const before = new Set(comment.mentionIds);
    const added = mentionIds.filter((id) => !before.has(id));
    await this.events.transaction(async (tx, emit) => {
      await this.comments.updateComment(tx, commentId, { body: input.body, mentionIds });
      if (added.length)
        await emit({
          type: 'CommentEdited',
          payload: this.added(diagram, comment.threadId, commentId, caller, added, input.body).payload,
        });
    });
    return this.pushed(diagram, comment.threadId, 'edited', caller);
  }

  async remove(
    fuid: string,
    commentId: string,
    caller: Caller,
  ): Promise<{ thread: CommentThread | null; threadId: string }> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const comment = await this.ownComment(diagram, commentId, caller);
    const threadGone = await this.events.transaction((tx) =>
      this.comments.deleteComment(tx, commentId, comment.threadId),
    );
    if (threadGone) {
      this.push(diagram, { change: 'deleted', threadId: comment.threadId, thread: null, by: { id: caller.userId } });
      return { thread: null, threadId: comment.threadId };
    }
    return { thread: await this.pushed(diagram, comment.threadId, 'edited', caller), threadId: comment.threadId };
  }

  private added(
    diagram: DiagramMeta,
    threadId: string,
    commentId: string,
    caller: Caller,
    mentionedIds: string[],
    body: string,
  ) {
    return {
      type: 'CommentAdded' as const,
      payload: {
        diagramId: diagram.id,
        fuid: diagram.fuid,
        diagramName: diagram.name,
        threadId,
        commentId,
        authorId: caller.userId,
        mentionedIds,
        excerpt: excerpt(body),
      },
    };
  }

  private async threadOf(diagram: DiagramMeta, threadId: string): Promise<ThreadRow> {
    const thread = await this.comments.findThread(threadId);
    if (!thread || thread.diagramId !== diagram.id) throw new AppError(CommentErrorCode.COMMENT_THREAD_NOT_FOUND);
    return thread;
  }

  private async ownComment(diagram: DiagramMeta, commentId: string, caller: Caller) {
    const comment = await this.comments.findComment(commentId);
    if (!comment || comment.thread.diagramId !== diagram.id) throw new AppError(CommentErrorCode.COMMENT_NOT_FOUND);
    if (comment.authorId !== caller.userId) throw new AppError(CommentErrorCode.COMMENT_NOT_YOURS);
    return comment;
  }

  /** The workspace's people, the accounts it is shared with and past commenters, who have access now. */
  private async mentionable(diagram: DiagramMeta): Promise<CommentPerson[]> {
    const candidates = await this.comments.candidates(diagram);
    const allowed = await Promise.all(candidates.map((user) => this.access.accessOf(diagram, user.id)));
    return candidates.filter((_, i) => allowed[i]).map(personView);
  }

  /** Mentions of anyone who cannot open the diagram are refused, naming nobody (ids only). */
  private async checkMentions(diagram: DiagramMeta, mentions: string[]): Promise<string[]> {
    const wanted = [...new Set(mentions)];
    if (!wanted.length) return [];
    const allowed = new Set((await this.mentionable(diagram)).map((p) => p.id));
    const refused = wanted.filter((id) => !allowed.has(id));
    if (refused.length) throw new AppError(CommentErrorCode.COMMENT_MENTION_NO_ACCESS, { details: { refused } });
    return wanted;
  }

  private async named(ids: string[]): Promise<Map<string, CommentPerson>> {
    return new Map((await this.comments.people(ids)).map((u) => [u.id, personView(u)]));
  }

  /** Reads the thread after a change and sends it to everyone in the diagram (best effort). */
  private async pushed(
    diagram: DiagramMeta,
    threadId: string,
    change: CommentThreadChanged['change'],
    caller: Caller,
  ): Promise<CommentThread> {
    const row = await this.comments.findThread(threadId);
    if (!row) throw new AppError(CommentErrorCode.COMMENT_THREAD_NOT_FOUND);
    const thread = threadView(row, await this.named(mentionedIn([row])));
    this.push(diagram, { change, threadId, thread, by: { id: caller.userId } });
    return thread;
  }

  private push(diagram: DiagramMeta, event: Omit<CommentThreadChanged, 'fuid'>): void {
    this.realtime.toDiagram(diagram.fuid, RealtimeEvents.comments, { fuid: diagram.fuid, ...event });
  }
}

import { RealtimeEvents } from '@loopwright/contracts';
import { errorMessage } from '../../../lib/api-client';
import { joinDiagramRoom, subscribeLive } from '../../../lib/live-socket';
import { ValueStore } from '../model/value-store';
import type { Point } from '../model/types';
import {
  commentsApi,
  type CommentPerson,
  type CommentTarget,
  type CommentThread,
  type CommentThreadChanged,
} from './comments-api';

/** A thread being started: where it will be pinned (the composer is open there). */
export interface CommentDraft {
  target: CommentTarget;
  at: Point;
}

export interface CommentsState {
  /** null while loading. */
  threads: CommentThread[] | null;
  error: string | null;
  canWrite: boolean;
  /** Comment mode: the next click on the canvas pins a new thread. */
  placing: boolean;
  draft: CommentDraft | null;
  /** The thread open on the canvas (and highlighted in the panel). */
  active: string | null;
  /** Bumped to ask the canvas to bring the active thread into view. */
  reveal: number;
}

const newestFirst = (a: CommentThread, b: CommentThread) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * The comments of the open diagram, shared by the panel and the canvas layer: loaded once, kept
 * current by the diagram room's `comments:changed` pushes (and re-read after a reconnect), and
 * changed through the API (the server checks every call).
 */
export class CommentsStore {
  readonly state = new ValueStore<CommentsState>({
    threads: null,
    error: null,
    canWrite: false,
    placing: false,
    draft: null,
    active: null,
    reveal: 0,
  });
  private peopleLoad: Promise<CommentPerson[]> | null = null;

  constructor(
    readonly fuid: string,
    readonly me: string | null,
  ) {}

  private patch(change: Partial<CommentsState>): void {
    this.state.set({ ...this.state.get(), ...change });
  }

  async load(): Promise<void> {
    try {
      const { threads, canWrite } = await commentsApi.list(this.fuid);
      this.patch({ threads, canWrite, error: null });
    } catch (e) {
      this.patch({ error: errorMessage(e), threads: this.state.get().threads ?? null });
    }
  }

  /** Joins the diagram's live room (on the tab's one connection); returns the way out. */
  connect(): () => void {
    let first = true;
    const leave = joinDiagramRoom(this.fuid, () => {
      // Pushes may have been missed while away: read them again.
      if (!first) void this.load();
      first = false;
    });
    const stop = subscribeLive(RealtimeEvents.comments, (payload) => {
      const event = payload as CommentThreadChanged;
      if (event?.fuid === this.fuid) this.apply(event.threadId, event.thread);
    });
    return () => {
      stop();
      leave();
    };
  }

  /** Puts a thread as the server has it now (null: deleted). */
  apply(threadId: string, thread: CommentThread | null): void {
    const s = this.state.get();
    const rest = (s.threads ?? []).filter((t) => t.id !== threadId);
    this.patch({
      threads: thread ? [...rest, thread].sort(newestFirst) : rest,
      active: !thread && s.active === threadId ? null : s.active,
    });
  }

  people(): Promise<CommentPerson[]> {
    const load =
      this.peopleLoad ??
      commentsApi.people(this.fuid).catch((e: unknown) => {
        this.peopleLoad = null;
        throw e;
      });
    this.peopleLoad = load;
    return load;
  }

  setPlacing(placing: boolean): void {
    this.patch({ placing, ...(placing ? { active: null } : {}) });
  }

  startDraft(draft: CommentDraft): void {
    this.patch({ draft, placing: false, active: null });
  }

  cancelDraft(): void {
    this.patch({ draft: null });
  }

  open(threadId: string | null, reveal = false): void {
    const s = this.state.get();
    this.patch({ active: threadId, draft: null, placing: false, reveal: reveal ? s.reveal + 1 : s.reveal });
  }

  async create(body: string, mentions: string[]): Promise<void> {
    const draft = this.state.get().draft;
    if (!draft) return;
    const thread = await commentsApi.create(this.fuid, {
      target: draft.target,
      x: Math.round(draft.at.x),
      y: Math.round(draft.at.y),
      body,
      mentions,
    });
    this.apply(thread.id, thread);
    this.patch({ draft: null, active: thread.id });
  }

  async reply(threadId: string, body: string, mentions: string[]): Promise<void> {
    this.apply(threadId, await commentsApi.reply(this.fuid, threadId, { body, mentions }));
  }

  async setResolved(threadId: string, resolved: boolean): Promise<void> {
    const thread = await (resolved ? commentsApi.resolve : commentsApi.reopen)(this.fuid, threadId);
    this.apply(threadId, thread);
  }

  async edit(commentId: string, threadId: string, body: string, mentions: string[]): Promise<void> {
    this.apply(threadId, await commentsApi.edit(this.fuid, commentId, { body, mentions }));
  }

  async remove(commentId: string): Promise<void> {
    const { thread, threadId } = await commentsApi.remove(this.fuid, commentId);
    this.apply(threadId, thread);
  }
}

import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

const person = { select: { id: true, username: true, firstName: true, lastName: true, email: true } } as const;

export const threadSelect = {
  id: true,
  diagramId: true,
  elementId: true,
  elementKind: true,
  x: true,
  y: true,
  resolvedAt: true,
  createdAt: true,
  updatedAt: true,
  resolvedBy: person,
  comments: {
    select: {
      id: true,
      body: true,
      mentionIds: true,
      authorId: true,
      createdAt: true,
      editedAt: true,
      author: person,
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.CommentThreadSelect;

export type ThreadRow = Prisma.CommentThreadGetPayload<{ select: typeof threadSelect }>;
export type PersonRow = Prisma.UserGetPayload<typeof person>;

/** The most threads one list answers with (open ones come first when both are asked for). */
const MAX_THREADS = 500;

/** comment_threads and comments: the only file that touches them. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  listThreads(diagramId: string, status: 'open' | 'resolved' | 'all'): Promise<ThreadRow[]> {
    return this.prisma.commentThread.findMany({
      where: {
        diagramId,
        ...(status === 'open' ? { resolvedAt: null } : status === 'resolved' ? { resolvedAt: { not: null } } : {}),
      },
      select: threadSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: MAX_THREADS,
    });
  }

  findThread(id: string, tx: TransactionClient = this.prisma): Promise<ThreadRow | null> {
    return tx.commentThread.findUnique({ where: { id }, select: threadSelect });
  }

  findComment(id: string) {
    return this.prisma.comment.findUnique({
      where: { id },
      select: { id: true, authorId: true, threadId: true, mentionIds: true, thread: { select: { diagramId: true } } },
    });
  }

  async createThread(
    tx: TransactionClient,
    data: Omit<Prisma.CommentThreadUncheckedCreateInput, 'comments'>,
    comment: { authorId: string; body: string; mentionIds: string[] },
  ): Promise<{ threadId: string; commentId: string }> {
    const thread = await tx.commentThread.create({ data, select: { id: true } });
    const created = await tx.comment.create({ data: { ...comment, threadId: thread.id }, select: { id: true } });
    return { threadId: thread.id, commentId: created.id };
  }

  async addComment(
    tx: TransactionClient,
    threadId: string,
    comment: { authorId: string; body: string; mentionIds: string[] },
  ): Promise<string> {
    const created = await tx.comment.create({ data: { ...comment, threadId }, select: { id: true } });
    await tx.commentThread.update({ where: { id: threadId }, data: { updatedAt: new Date() } });
    return created.id;
  }

  updateComment(tx: TransactionClient, id: string, data: { body: string; mentionIds: string[] }) {
    return tx.comment.update({ where: { id }, data: { ...data, editedAt: new Date() }, select: { id: true } });
  }

  /** Deletes the comment, and its thread when nothing is left in it; true when the thread went too. */
  async deleteComment(tx: TransactionClient, id: string, threadId: string): Promise<boolean> {
    await tx.comment.delete({ where: { id } });
    if ((await tx.comment.count({ where: { threadId } })) > 0) return false;
    await tx.commentThread.delete({ where: { id: threadId } });
    return true;
  }

  setResolved(id: string, resolvedById: string | null): Promise<ThreadRow> {
    return this.prisma.commentThread.update({
      where: { id },
      data: resolvedById ? { resolvedAt: new Date(), resolvedById } : { resolvedAt: null, resolvedById: null },
      select: threadSelect,
    });
  }

  people(ids: string[]): Promise<PersonRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.prisma.user.findMany({ where: { id: { in: ids } }, ...person });
  }

  /**
   * Who might be mentioned in a diagram: its workspace's owner and active members, the accounts it
   * is shared with, and everyone who commented on it. The caller still asks the access service
   * about each of them.
   */
  async candidates(diagram: {
    id: string;
    ownerId: string;
    workspaceId: string;
    workspace: { ownerId: string };
  }): Promise<PersonRow[]> {
    const [members, shares, authors] = await Promise.all([
      this.prisma.workspaceMember.findMany({
        where: { workspaceId: diagram.workspaceId, status: 'active' },
        select: { userId: true },
        take: 200,
      }),
      this.prisma.diagramShare.findMany({
        where: { diagramId: diagram.id, role: { in: ['viewer', 'editor'] } },
        select: { email: true },
        take: 200,
      }),
      this.prisma.comment.findMany({
        where: { thread: { diagramId: diagram.id } },
        select: { authorId: true },
        distinct: ['authorId'],
        take: 200,
      }),
    ]);
    return this.prisma.user.findMany({
      where: {
        disabledAt: null,
        OR: [
          {
            id: {
              in: [
                diagram.ownerId,
                diagram.workspace.ownerId,
                ...members.map((m) => m.userId),
                ...authors.map((a) => a.authorId),
              ],
            },
          },
          { email: { in: shares.map((s) => s.email) } },
        ],
      },
      ...person,
      orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { username: 'asc' }],
      take: 300,
    });
  }
}

import type { CommentPerson, CommentThread } from '@loopwright/contracts';
import type { PersonRow, ThreadRow } from './comments.repository.js';

export function personView(user: Pick<PersonRow, 'id' | 'username' | 'firstName' | 'lastName'>): CommentPerson {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { id: user.id, name: fullName || user.username || 'Someone', username: user.username };
}

/** A thread as the API shows it; `people` names the mentioned users (by id). */
export function threadView(row: ThreadRow, people: Map<string, CommentPerson>): CommentThread {
  return {
    id: row.id,
    target:
      row.elementId && (row.elementKind === 'node' || row.elementKind === 'connection')
        ? { kind: 'element', elementId: row.elementId, elementKind: row.elementKind }
        : { kind: 'point' },
    x: row.x,
    y: row.y,
    resolved: !!row.resolvedAt,
    resolvedBy: row.resolvedBy ? personView(row.resolvedBy) : null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    comments: row.comments.map((c) => ({
      id: c.id,
      author: personView(c.author),
      body: c.body,
      mentions: c.mentionIds.flatMap((id) => people.get(id) ?? []),
      createdAt: c.createdAt.toISOString(),
      editedAt: c.editedAt?.toISOString() ?? null,
    })),
  };
}

/** The user ids a set of threads mentions (to name them in one query). */
export const mentionedIn = (rows: ThreadRow[]) => [
  ...new Set(rows.flatMap((r) => r.comments.flatMap((c) => c.mentionIds))),
];
